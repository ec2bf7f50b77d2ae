/* The baseline for koyomi-bench's "first frame": Koyomi's widget tree written in plain C with
 * GTK 4 + libadwaita, no model and no files. A header bar with Today / Previous / Next and a
 * title, 7 weekday labels, 42 day buttons (each an inscription over a box of dots), a list
 * below. It quits once its first frame is painted, as `koyomi --quit-after-first-frame` does.
 *
 * Build: Benchmarks/build-first-frame [OUTPUT]   (pkg-config libadwaita-1) */
#include <adwaita.h>

static const char *css =
    ".dot { min-width: 6px; min-height: 6px; border-radius: 3px; background: #3584e4; }"
    ".day { padding: 2px; }";

static void on_after_paint(GdkFrameClock *clock, gpointer app) {
    g_signal_handlers_disconnect_by_func(clock, on_after_paint, app);
    g_application_quit(G_APPLICATION(app));
}

static void on_map(GtkWidget *window, gpointer app) {
    GdkFrameClock *clock = gtk_widget_get_frame_clock(window);
    g_signal_connect(clock, "after-paint", G_CALLBACK(on_after_paint), app);
    gdk_frame_clock_request_phase(clock, GDK_FRAME_CLOCK_PHASE_PAINT);
}

static GtkWidget *header_bar(void) {
    GtkWidget *bar = gtk_header_bar_new();
    GtkWidget *title = gtk_label_new("June 2026");
    gtk_widget_add_css_class(title, "title");
    gtk_header_bar_set_title_widget(GTK_HEADER_BAR(bar), title);
    GtkWidget *arrows = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
    gtk_widget_add_css_class(arrows, "linked");
    gtk_box_append(GTK_BOX(arrows), gtk_button_new_from_icon_name("go-previous-symbolic"));
    gtk_box_append(GTK_BOX(arrows), gtk_button_new_from_icon_name("go-next-symbolic"));
    gtk_header_bar_pack_start(GTK_HEADER_BAR(bar), gtk_button_new_with_label("Today"));
    gtk_header_bar_pack_start(GTK_HEADER_BAR(bar), arrows);
    return bar;
}

static GtkWidget *month_grid(void) {
    static const char *weekdays[] = {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};
    GtkWidget *grid = gtk_grid_new();
    gtk_grid_set_row_homogeneous(GTK_GRID(grid), TRUE);
    gtk_grid_set_column_homogeneous(GTK_GRID(grid), TRUE);
    gtk_grid_set_row_spacing(GTK_GRID(grid), 2);
    gtk_grid_set_column_spacing(GTK_GRID(grid), 2);
    gtk_widget_set_vexpand(grid, TRUE);
    for (int column = 0; column < 7; column++)
        gtk_grid_attach(GTK_GRID(grid), gtk_label_new(weekdays[column]), column, 0, 1, 1);
    for (int cell = 0; cell < 42; cell++) {
        char number[4];
        g_snprintf(number, sizeof number, "%d", cell % 31 + 1);
        GtkWidget *content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2);
        GtkWidget *day = gtk_inscription_new(number);
        gtk_inscription_set_min_chars(GTK_INSCRIPTION(day), 2);
        gtk_inscription_set_xalign(GTK_INSCRIPTION(day), 0.5);
        gtk_box_append(GTK_BOX(content), day);
        GtkWidget *dots = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 2);
        gtk_widget_set_halign(dots, GTK_ALIGN_CENTER);
        for (int dot = 0; dot < cell % 4; dot++) {
            GtkWidget *mark = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
            gtk_widget_add_css_class(mark, "dot");
            gtk_box_append(GTK_BOX(dots), mark);
        }
        gtk_box_append(GTK_BOX(content), dots);
        GtkWidget *button = gtk_button_new();
        gtk_widget_add_css_class(button, "day");
        gtk_button_set_child(GTK_BUTTON(button), content);
        gtk_grid_attach(GTK_GRID(grid), button, cell % 7, 1 + cell / 7, 1, 1);
    }
    return grid;
}

static GtkWidget *plan_list(void) {
    GtkWidget *list = gtk_list_box_new();
    for (int row = 0; row < 3; row++) gtk_list_box_append(GTK_LIST_BOX(list), gtk_label_new("Team meeting 10:00"));
    GtkWidget *scroll = gtk_scrolled_window_new();
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scroll), list);
    gtk_widget_set_size_request(scroll, -1, 200);
    return scroll;
}

static void on_activate(GtkApplication *app, gpointer data) {
    (void)data;
    GtkCssProvider *provider = gtk_css_provider_new();
    gtk_css_provider_load_from_data(provider, css, -1);
    gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(provider),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    g_object_unref(provider);
    GtkWidget *window = gtk_application_window_new(app);
    gtk_window_set_title(GTK_WINDOW(window), "Koyomi (C baseline)");
    gtk_window_set_default_size(GTK_WINDOW(window), 720, 760);
    gtk_window_set_titlebar(GTK_WINDOW(window), header_bar());
    GtkWidget *content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_box_append(GTK_BOX(content), month_grid());
    gtk_box_append(GTK_BOX(content), plan_list());
    gtk_window_set_child(GTK_WINDOW(window), content);
    g_signal_connect(window, "map", G_CALLBACK(on_map), app);
    gtk_window_present(GTK_WINDOW(window));
}

int main(void) {
    AdwApplication *app = adw_application_new("app.koyomi.FirstFrameBaseline", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(on_activate), NULL);
    int status = g_application_run(G_APPLICATION(app), 0, NULL);
    g_object_unref(app);
    return status;
}
