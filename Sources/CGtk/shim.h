#ifndef KOYOMI_CGTK_SHIM_H
#define KOYOMI_CGTK_SHIM_H
// GTK 4.8 + libadwaita 1.2 for Swift. Only what Swift cannot call directly lives here:
// variadic functions and function-like macros, wrapped as tiny prefixed static inlines.
#include <gtk/gtk.h>
#include <adwaita.h>
#include <locale.h>
#include <glib-unix.h>
#include <sys/timerfd.h>

/// GTK_IS_LABEL is a macro.
static inline gboolean koyomi_is_label(GtkWidget *widget) {
    return GTK_IS_LABEL(widget);
}

/// GTK_IS_BUTTON is a macro.
static inline gboolean koyomi_is_button(GtkWidget *widget) {
    return GTK_IS_BUTTON(widget);
}

/// gtk_accessible_update_property is variadic; set one string property.
static inline void koyomi_accessible_set_string(GtkWidget *widget, GtkAccessibleProperty property, const char *value) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), property, value, -1);
}

/// gtk_accessible_update_state is variadic; set GTK_ACCESSIBLE_STATE_SELECTED-like boolean states.
static inline void koyomi_accessible_set_boolean_state(GtkWidget *widget, GtkAccessibleState state, gboolean value) {
    gtk_accessible_update_state(GTK_ACCESSIBLE(widget), state, value, -1);
}

/// gtk_accessible_update_relation is variadic; "widget is labelled by label".
static inline void koyomi_accessible_set_labelled_by(GtkWidget *widget, GtkWidget *label) {
    gtk_accessible_update_relation(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
}

/// Pixels `markup` takes in the display's base font (GtkSettings' gtk-font-name) with its size
/// times `scale`, in `widget`'s Pango context (the screen's resolution): on one line, or wrapped
/// at words to `wrap_width` pixels when that is positive (a word longer than that sticks out).
static inline void koyomi_markup_size_in_base_font(GtkWidget *widget, const char *markup, double scale,
                                                   int wrap_width, int *width, int *height) {
    char *name = NULL;
    g_object_get(gtk_settings_get_default(), "gtk-font-name", &name, NULL);
    PangoFontDescription *font = pango_font_description_from_string(name ? name : "Sans 10");
    g_free(name);
    int size = pango_font_description_get_size(font);
    if (pango_font_description_get_size_is_absolute(font)) {
        pango_font_description_set_absolute_size(font, size * scale);
    } else {
        pango_font_description_set_size(font, (int)(size * scale));
    }
    PangoLayout *layout = gtk_widget_create_pango_layout(widget, NULL);
    pango_layout_set_font_description(layout, font);
    pango_layout_set_markup(layout, markup, -1);
    if (wrap_width > 0) {
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD);
        pango_layout_set_width(layout, wrap_width * PANGO_SCALE);
    }
    pango_layout_get_pixel_size(layout, width, height);
    g_object_unref(layout);
    pango_font_description_free(font);
}

/// "query-tooltip" as GTK emits it when the pointer rests on `widget` (tests): true if a tooltip shows.
static inline gboolean koyomi_emit_query_tooltip(GtkWidget *widget, gpointer tooltip) {
    gboolean shown = FALSE;
    g_signal_emit_by_name(widget, "query-tooltip", 0, 0, FALSE, tooltip, &shown);
    return shown;
}

/// g_signal_emit_by_name is variadic; emit a signal that takes no arguments and returns nothing.
static inline void koyomi_signal_emit_simple(gpointer instance, const char *signal) {
    g_signal_emit_by_name(instance, signal);
}

/// g_object_get is variadic; read one int property (e.g. GtkPaned's "max-position", which has no getter).
static inline int koyomi_object_get_int(gpointer object, const char *property) {
    int value = 0;
    g_object_get(object, property, &value, NULL);
    return value;
}

/// g_object_set is variadic; write one int property (e.g. GtkSettings' "gtk-double-click-time").
static inline void koyomi_object_set_int(gpointer object, const char *property, int value) {
    g_object_set(object, property, value, NULL);
}

/// g_object_new is variadic; the accessible role is construct-only, so it is set here.
static inline GtkWidget *koyomi_widget_new_with_role(GType type, GtkAccessibleRole role) {
    return GTK_WIDGET(g_object_new(type, "accessible-role", role, NULL));
}

/// G_OBJECT_TYPE_NAME is a macro.
static inline const char *koyomi_object_type_name(gpointer object) {
    return G_OBJECT_TYPE_NAME(object);
}

/// G_IS_OBJECT is a macro; lets the leak test ask whether a weak pointer still points somewhere.
static inline gboolean koyomi_is_object(gpointer object) {
    return object != NULL && G_IS_OBJECT(object);
}

/// Where a child of a share layout goes, in shares (0…1) of its parent's width and height.
typedef struct {
    double x, width, y, height;
} KoyomiShare;

static GQuark koyomi_share_quark(void) {
    return g_quark_from_static_string("koyomi-share");
}

/// A share layout's own size comes from its size request; its children never widen it.
static void koyomi_share_measure(GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
                                 int *natural, int *minimum_baseline, int *natural_baseline) {
    (void)widget; (void)orientation; (void)for_size; (void)minimum_baseline; (void)natural_baseline;
    *minimum = 0;
    *natural = 0;
}

/// Told a share box's new size (`koyomi_share_box_watch_size`), from inside its allocation:
/// change nothing there, only note it (or defer the change to before the next frame).
typedef void (*KoyomiSizeCallback)(int width, int height, gpointer data);

typedef struct {
    KoyomiSizeCallback callback;
    gpointer data;
    GDestroyNotify destroy;
    int width, height;
} KoyomiSizeWatch;

static GQuark koyomi_size_watch_quark(void) {
    return g_quark_from_static_string("koyomi-size-watch");
}

static GQuark koyomi_pass_through_quark(void) {
    return g_quark_from_static_string("koyomi-pass-through");
}

static void koyomi_size_watch_free(gpointer pointer) {
    KoyomiSizeWatch *watch = pointer;
    if (watch->destroy) watch->destroy(watch->data);
    g_free(watch);
}

/// Gives each visible child its share of the parent (mirrored in right-to-left layouts), and
/// never less than the child's own minimum, so GTK has nothing to warn about; the parent
/// clips what does not fit.
static void koyomi_share_allocate(GtkWidget *widget, int width, int height, int baseline) {
    (void)baseline;
    KoyomiSizeWatch *watch = g_object_get_qdata(G_OBJECT(widget), koyomi_size_watch_quark());
    if (watch && (watch->width != width || watch->height != height)) {
        watch->width = width;
        watch->height = height;
        watch->callback(width, height, watch->data);
    }
    gboolean rtl = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL;
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child; child = gtk_widget_get_next_sibling(child)) {
        if (!gtk_widget_should_layout(child)) continue;
        const KoyomiShare *share = g_object_get_qdata(G_OBJECT(child), koyomi_share_quark());
        KoyomiShare whole = {0, 1, 0, 1};
        if (!share) share = &whole;
        int left = (int)(share->x * width + 0.5), right = (int)((share->x + share->width) * width + 0.5);
        int top = (int)(share->y * height + 0.5), bottom = (int)((share->y + share->height) * height + 0.5);
        int min_width = 0, min_height = 0, natural = 0;
        gtk_widget_measure(child, GTK_ORIENTATION_HORIZONTAL, -1, &min_width, &natural, NULL, NULL);
        int child_width = MAX(right - left, min_width);
        gtk_widget_measure(child, GTK_ORIENTATION_VERTICAL, child_width, &min_height, &natural, NULL, NULL);
        GtkAllocation allocation = {rtl ? width - left - child_width : left, top, child_width, MAX(bottom - top, min_height)};
        gtk_widget_size_allocate(child, &allocation, -1);
    }
}

/// A container that places each child at shares of its own size (`koyomi_share_place`):
/// day columns, lanes and times in a week's grid, whatever the window's width.
/// Children are set on the box directly (gtk_widget_set_parent), so it unparents them.
static void koyomi_share_box_dispose(GObject *object) {
    GtkWidget *child;
    while ((child = gtk_widget_get_first_child(GTK_WIDGET(object)))) gtk_widget_unparent(child);
    // No static parent-class pointer: Swift's importer emits no storage for a header's globals.
    G_OBJECT_CLASS(g_type_class_peek(GTK_TYPE_WIDGET))->dispose(object);
}

/// A pass-through box is never the target of a pointer event itself, only its children are:
/// a layer of bars over a grid of day cells leaves the cells clickable between the bars.
static gboolean koyomi_share_box_contains(GtkWidget *widget, double x, double y) {
    if (g_object_get_qdata(G_OBJECT(widget), koyomi_pass_through_quark())) return FALSE;
    return GTK_WIDGET_CLASS(g_type_class_peek(GTK_TYPE_WIDGET))->contains(widget, x, y);
}

static void koyomi_share_box_class_init(gpointer klass, gpointer data) {
    (void)data;
    GTK_WIDGET_CLASS(klass)->contains = koyomi_share_box_contains;
    G_OBJECT_CLASS(klass)->dispose = koyomi_share_box_dispose;
    gtk_widget_class_set_css_name(GTK_WIDGET_CLASS(klass), "sharebox");
}

/// GtkWidget is abstract: a plain subclass, registered once per process by name (this header
/// is compiled into more than one module, so no G_DEFINE_TYPE).
static inline GType koyomi_share_box_get_type(void) {
    GType type = g_type_from_name("KoyomiShareBox");
    if (type) return type;
    return g_type_register_static_simple(GTK_TYPE_WIDGET, g_intern_static_string("KoyomiShareBox"),
                                         sizeof(GtkWidgetClass), koyomi_share_box_class_init,
                                         sizeof(GtkWidget), NULL, 0);
}

static inline GtkWidget *koyomi_share_box_new(void) {
    GtkWidget *box = koyomi_widget_new_with_role(koyomi_share_box_get_type(), GTK_ACCESSIBLE_ROLE_GROUP);
    gtk_widget_set_layout_manager(box, gtk_custom_layout_new(NULL, koyomi_share_measure, koyomi_share_allocate));
    gtk_widget_set_overflow(box, GTK_OVERFLOW_HIDDEN);
    return box;
}

/// Calls `callback` with the box's size whenever an allocation changes it.
static inline void koyomi_share_box_watch_size(GtkWidget *box, KoyomiSizeCallback callback, gpointer data,
                                               GDestroyNotify destroy) {
    KoyomiSizeWatch *watch = g_new0(KoyomiSizeWatch, 1);
    *watch = (KoyomiSizeWatch){callback, data, destroy, -1, -1};
    g_object_set_qdata_full(G_OBJECT(box), koyomi_size_watch_quark(), watch, koyomi_size_watch_free);
}

static inline void koyomi_share_box_set_pass_through(GtkWidget *box) {
    g_object_set_qdata(G_OBJECT(box), koyomi_pass_through_quark(), GINT_TO_POINTER(1));
}

static inline void koyomi_share_place(GtkWidget *child, double x, double width, double y, double height) {
    KoyomiShare *share = g_new(KoyomiShare, 1);
    *share = (KoyomiShare){x, width, y, height};
    g_object_set_qdata_full(G_OBJECT(child), koyomi_share_quark(), share, g_free);
    GtkWidget *parent = gtk_widget_get_parent(child);
    if (parent) gtk_widget_queue_allocate(parent);
}

/// A shrink box's width asks nothing (0) and would like its children's natural width; its
/// height is its children's. What it is not given is clipped.
static GQuark koyomi_shrink_height_quark(void) {
    return g_quark_from_static_string("koyomi-shrink-height");
}

static void koyomi_shrink_measure(GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
                                  int *natural, int *minimum_baseline, int *natural_baseline) {
    (void)minimum_baseline; (void)natural_baseline;
    gboolean shrinks_height = g_object_get_qdata(G_OBJECT(widget), koyomi_shrink_height_quark()) != NULL;
    *minimum = 0;
    *natural = 0;
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child; child = gtk_widget_get_next_sibling(child)) {
        if (!gtk_widget_should_layout(child)) continue;
        int child_min = 0, child_nat = 0;
        // Heights are measured at the child's own least width when the box is narrower.
        int size = for_size;
        if (orientation == GTK_ORIENTATION_VERTICAL && for_size >= 0) {
            int least = 0, ignored = 0;
            gtk_widget_measure(child, GTK_ORIENTATION_HORIZONTAL, -1, &least, &ignored, NULL, NULL);
            size = MAX(for_size, least);
        }
        gtk_widget_measure(child, orientation, size, &child_min, &child_nat, NULL, NULL);
        if (orientation == GTK_ORIENTATION_VERTICAL && !shrinks_height) *minimum = MAX(*minimum, child_min);
        *natural = MAX(*natural, child_nat);
    }
}

/// Each child gets the whole box, and never less than its own minimum width (GTK places it by
/// its alignment inside that); the box clips what sticks out.
static void koyomi_shrink_allocate(GtkWidget *widget, int width, int height, int baseline) {
    (void)baseline;
    gboolean rtl = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL;
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child; child = gtk_widget_get_next_sibling(child)) {
        if (!gtk_widget_should_layout(child)) continue;
        int least = 0, ignored = 0, least_height = 0;
        gtk_widget_measure(child, GTK_ORIENTATION_HORIZONTAL, -1, &least, &ignored, NULL, NULL);
        int child_width = MAX(width, least);
        gtk_widget_measure(child, GTK_ORIENTATION_VERTICAL, child_width, &least_height, &ignored, NULL, NULL);
        GtkAllocation allocation = {rtl ? width - child_width : 0, 0, child_width, MAX(height, least_height)};
        gtk_widget_size_allocate(child, &allocation, -1);
    }
}

/// A container that lets its content be narrower than the content would ask: a row of day
/// decorations or header buttons in a phone-sized window, clipped rather than widening it.
/// The box's height asks nothing either (the child is clipped at the bottom).
static inline void koyomi_shrink_box_shrink_height(GtkWidget *box) {
    g_object_set_qdata(G_OBJECT(box), koyomi_shrink_height_quark(), GINT_TO_POINTER(1));
}

/// The natural widths of a header bar's start, title and end, and of its own padding (the
/// bar's natural width beyond its GtkCenterBox's). False if the bar is not built as expected.
static inline gboolean koyomi_header_bar_parts(GtkWidget *bar, int *start, int *center, int *end, int *padding) {
    GtkWidget *node = bar;
    while (node && !GTK_IS_CENTER_BOX(node)) node = gtk_widget_get_first_child(node);
    if (!node) return FALSE;
    GtkCenterBox *box = GTK_CENTER_BOX(node);
    GtkWidget *parts[3] = {gtk_center_box_get_start_widget(box), gtk_center_box_get_center_widget(box),
                           gtk_center_box_get_end_widget(box)};
    int *widths[3] = {start, center, end};
    int minimum = 0;
    for (int i = 0; i < 3; i++) {
        *widths[i] = 0;
        if (parts[i]) gtk_widget_measure(parts[i], GTK_ORIENTATION_HORIZONTAL, -1, &minimum, widths[i], NULL, NULL);
    }
    int bar_natural = 0, box_natural = 0;
    gtk_widget_measure(bar, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &bar_natural, NULL, NULL);
    gtk_widget_measure(node, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &box_natural, NULL, NULL);
    *padding = MAX(0, bar_natural - box_natural);
    return TRUE;
}

/// An inset box's insets: room its owner keeps free at the bottom and at the end edge.
typedef struct {
    int bottom, end;
} KoyomiInsets;

static GQuark koyomi_insets_quark(void) {
    return g_quark_from_static_string("koyomi-insets");
}

static KoyomiInsets koyomi_insets_of(GtkWidget *widget) {
    KoyomiInsets *insets = g_object_get_qdata(G_OBJECT(widget), koyomi_insets_quark());
    return insets ? *insets : (KoyomiInsets){0, 0};
}

/// An inset box asks for its child's own minimum (the insets give way first when space is
/// short) and would like the child's natural size plus the insets.
static void koyomi_inset_measure(GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
                                 int *natural, int *minimum_baseline, int *natural_baseline) {
    (void)minimum_baseline; (void)natural_baseline;
    KoyomiInsets insets = koyomi_insets_of(widget);
    gboolean horizontal = orientation == GTK_ORIENTATION_HORIZONTAL;
    *minimum = 0;
    *natural = 0;
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child; child = gtk_widget_get_next_sibling(child)) {
        if (!gtk_widget_should_layout(child)) continue;
        int child_min = 0, child_nat = 0;
        int size = for_size < 0 ? -1 : MAX(0, for_size - (horizontal ? insets.bottom : insets.end));
        if (size >= 0) {
            int least = 0, ignored = 0;
            gtk_widget_measure(child, horizontal ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL, -1,
                               &least, &ignored, NULL, NULL);
            size = MAX(size, least);
        }
        gtk_widget_measure(child, orientation, size, &child_min, &child_nat, NULL, NULL);
        *minimum = MAX(*minimum, child_min);
        *natural = MAX(*natural, child_nat + (horizontal ? insets.end : insets.bottom));
    }
}

/// The child gets the box less the insets, never less than its own minimum; the end inset is
/// on the left in right-to-left layouts.
static void koyomi_inset_allocate(GtkWidget *widget, int width, int height, int baseline) {
    (void)baseline;
    KoyomiInsets insets = koyomi_insets_of(widget);
    gboolean rtl = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL;
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child; child = gtk_widget_get_next_sibling(child)) {
        if (!gtk_widget_should_layout(child)) continue;
        int least = 0, ignored = 0, least_height = 0;
        gtk_widget_measure(child, GTK_ORIENTATION_HORIZONTAL, -1, &least, &ignored, NULL, NULL);
        int child_width = MAX(width - insets.end, least);
        gtk_widget_measure(child, GTK_ORIENTATION_VERTICAL, child_width, &least_height, &ignored, NULL, NULL);
        int child_height = MAX(height - insets.bottom, least_height);
        GtkAllocation allocation = {rtl ? width - child_width : 0, 0, child_width, child_height};
        gtk_widget_size_allocate(child, &allocation, -1);
    }
}

/// Sets an inset box's insets; a change measures the window again (the natural size is theirs too).
static inline void koyomi_inset_box_set(GtkWidget *box, int bottom, int end) {
    KoyomiInsets now = koyomi_insets_of(box);
    if (now.bottom == bottom && now.end == end) return;
    KoyomiInsets *insets = g_new(KoyomiInsets, 1);
    *insets = (KoyomiInsets){bottom, end};
    g_object_set_qdata_full(G_OBJECT(box), koyomi_insets_quark(), insets, g_free);
    gtk_widget_queue_resize(box);
}

static inline GtkWidget *koyomi_inset_box_new(void) {
    GtkWidget *box = koyomi_widget_new_with_role(koyomi_share_box_get_type(), GTK_ACCESSIBLE_ROLE_GENERIC);
    gtk_widget_set_layout_manager(box, gtk_custom_layout_new(NULL, koyomi_inset_measure, koyomi_inset_allocate));
    gtk_widget_set_overflow(box, GTK_OVERFLOW_HIDDEN);
    return box;
}

static inline GtkWidget *koyomi_shrink_box_new(void) {
    GtkWidget *box = koyomi_widget_new_with_role(koyomi_share_box_get_type(), GTK_ACCESSIBLE_ROLE_GENERIC);
    gtk_widget_set_layout_manager(box, gtk_custom_layout_new(NULL, koyomi_shrink_measure, koyomi_shrink_allocate));
    gtk_widget_set_overflow(box, GTK_OVERFLOW_HIDDEN);
    return box;
}

/* Whether a GSettings object's schema has `key` (g_object_get is variadic: not for Swift). */
static inline gboolean koyomi_settings_has_key(GSettings *settings, const char *key) {
    GSettingsSchema *schema = NULL;
    g_object_get(settings, "settings-schema", &schema, NULL);
    if (schema == NULL) return FALSE;
    gboolean has = g_settings_schema_has_key(schema, key);
    g_settings_schema_unref(schema);
    return has;
}

/* GApplication's dbus_register and dbus_unregister vfuncs for Swift. GApplication calls
 * dbus_register while it registers, before it asks for its bus name, so an object exported
 * there is in place when the first call that D-Bus activation brought is dispatched; one
 * exported after g_application_register returns would race it (UnknownMethod). */
typedef void (*KoyomiDBusHook)(GDBusConnection *connection, const char *object_path, gboolean registered, gpointer data);

typedef struct {
    KoyomiDBusHook hook;
    gpointer data;
    GDestroyNotify destroy;
} KoyomiDBusHooks;

static GQuark koyomi_dbus_hooks_quark(void) {
    return g_quark_from_static_string("koyomi-dbus-hooks");
}

static void koyomi_dbus_hooks_free(gpointer pointer) {
    KoyomiDBusHooks *hooks = pointer;
    if (hooks->destroy) hooks->destroy(hooks->data);
    g_free(hooks);
}

static gboolean koyomi_application_dbus_register(GApplication *application, GDBusConnection *connection,
                                                 const char *object_path, GError **error) {
    // No static parent-class pointer (see koyomi_share_box_dispose): AdwApplication's class.
    GApplicationClass *parent = G_APPLICATION_CLASS(g_type_class_peek(ADW_TYPE_APPLICATION));
    if (!parent->dbus_register(application, connection, object_path, error)) return FALSE;
    KoyomiDBusHooks *hooks = g_object_get_qdata(G_OBJECT(application), koyomi_dbus_hooks_quark());
    if (hooks) hooks->hook(connection, object_path, TRUE, hooks->data);
    return TRUE;
}

static void koyomi_application_dbus_unregister(GApplication *application, GDBusConnection *connection,
                                               const char *object_path) {
    KoyomiDBusHooks *hooks = g_object_get_qdata(G_OBJECT(application), koyomi_dbus_hooks_quark());
    if (hooks) hooks->hook(connection, object_path, FALSE, hooks->data);
    G_APPLICATION_CLASS(g_type_class_peek(ADW_TYPE_APPLICATION))->dbus_unregister(application, connection, object_path);
}

static void koyomi_application_class_init(gpointer klass, gpointer data) {
    (void)data;
    G_APPLICATION_CLASS(klass)->dbus_register = koyomi_application_dbus_register;
    G_APPLICATION_CLASS(klass)->dbus_unregister = koyomi_application_dbus_unregister;
}

/// AdwApplication with the two vfuncs above; registered once per process by name.
static inline GType koyomi_application_get_type(void) {
    GType type = g_type_from_name("KoyomiAdwApplication");
    if (type) return type;
    return g_type_register_static_simple(ADW_TYPE_APPLICATION, g_intern_static_string("KoyomiAdwApplication"),
                                         sizeof(AdwApplicationClass), koyomi_application_class_init,
                                         sizeof(AdwApplication), NULL, 0);
}

/// adw_application_new for the subclass (g_object_new is variadic).
static inline GApplication *koyomi_application_new(const char *application_id, GApplicationFlags flags) {
    return G_APPLICATION(g_object_new(koyomi_application_get_type(), "application-id", application_id,
                                      "flags", flags, NULL));
}

/// `hook` is called with TRUE from dbus_register and FALSE from dbus_unregister; `destroy`
/// frees `data` when the application goes (or the hook is replaced).
static inline void koyomi_application_set_dbus_hook(GApplication *application, KoyomiDBusHook hook, gpointer data,
                                                    GDestroyNotify destroy) {
    KoyomiDBusHooks *hooks = g_new0(KoyomiDBusHooks, 1);
    *hooks = (KoyomiDBusHooks){hook, data, destroy};
    g_object_set_qdata_full(G_OBJECT(application), koyomi_dbus_hooks_quark(), hooks, koyomi_dbus_hooks_free);
}

/* Exporting one D-Bus interface: each method call goes to one C callback with the invocation
 * (yours: return a value or an error through it exactly once), its method name and its
 * parameters (a tuple, borrowed). */
typedef void (*KoyomiDBusMethodCallback)(GDBusMethodInvocation *invocation, const char *method,
                                         GVariant *parameters, gpointer data);

typedef struct {
    KoyomiDBusMethodCallback callback;
    gpointer data;
    GDestroyNotify destroy;
} KoyomiDBusMethods;

static void koyomi_dbus_methods_free(gpointer pointer) {
    KoyomiDBusMethods *methods = pointer;
    if (methods->destroy) methods->destroy(methods->data);
    g_free(methods);
}

static void koyomi_dbus_method_call(GDBusConnection *connection, const char *sender, const char *object_path,
                                    const char *interface_name, const char *method_name, GVariant *parameters,
                                    GDBusMethodInvocation *invocation, gpointer data) {
    (void)connection; (void)sender; (void)object_path; (void)interface_name;
    KoyomiDBusMethods *methods = data;
    methods->callback(invocation, method_name, parameters, methods->data);
}

/// Exports the first interface of `xml` at `path`; returns the registration id (0 and `error`
/// set on failure, `destroy` then already called on `data`).
static inline guint koyomi_dbus_export(GDBusConnection *connection, const char *path, const char *xml,
                                       KoyomiDBusMethodCallback callback, gpointer data, GDestroyNotify destroy,
                                       GError **error) {
    KoyomiDBusMethods *methods = g_new0(KoyomiDBusMethods, 1);
    *methods = (KoyomiDBusMethods){callback, data, destroy};
    GDBusNodeInfo *node = g_dbus_node_info_new_for_xml(xml, error);
    if (!node || !node->interfaces || !node->interfaces[0]) {
        if (node) g_dbus_node_info_unref(node);
        koyomi_dbus_methods_free(methods);
        return 0;
    }
    static const GDBusInterfaceVTable vtable = {koyomi_dbus_method_call, NULL, NULL, {0}};
    guint id = g_dbus_connection_register_object(connection, path, node->interfaces[0], &vtable, methods,
                                                 koyomi_dbus_methods_free, error);
    g_dbus_node_info_unref(node);
    return id;
}

/// GIcon's serialized form of the themed icon `name`, boxed as a "v" (floating), as search
/// providers give their results' "icon".
static inline GVariant *koyomi_variant_themed_icon(const char *name) {
    GIcon *icon = g_themed_icon_new(name);
    GVariant *serialized = g_icon_serialize(icon);
    g_object_unref(icon);
    GVariant *boxed = g_variant_new_variant(serialized);
    g_variant_unref(serialized);
    return boxed;
}

/// A new builder for values of type `type` ("aa{sv}"…): G_VARIANT_TYPE is a macro.
static inline GVariantBuilder *koyomi_variant_builder_new(const char *type) {
    return g_variant_builder_new((const GVariantType *)type);
}

#endif
