#ifndef KOYOMI_CGTK_SHIM_H
#define KOYOMI_CGTK_SHIM_H
// GTK 4.8 + libadwaita 1.2 for Swift. Only what Swift cannot call directly lives here:
// variadic functions and function-like macros, wrapped as tiny prefixed static inlines.
#include <gtk/gtk.h>
#include <adwaita.h>
#include <libintl.h>
#include <locale.h>
#include <glib-unix.h>
#include <sys/timerfd.h>

/// GTK_IS_LABEL is a macro.
static inline gboolean koyomi_is_label(GtkWidget *widget) {
    return GTK_IS_LABEL(widget);
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

/// gettext hands back the very pointer it was given when there is no translation; NULL says
/// so without Swift comparing pointers to temporary strings.
static inline const char *koyomi_dgettext(const char *domain, const char *message) {
    const char *translated = dgettext(domain, message);
    return translated == message ? NULL : translated;
}

/// ngettext likewise: NULL when neither form has a translation.
static inline const char *koyomi_dngettext(const char *domain, const char *singular, const char *plural, unsigned long count) {
    const char *translated = dngettext(domain, singular, plural, count);
    return (translated == singular || translated == plural) ? NULL : translated;
}

/// G_OBJECT_TYPE_NAME is a macro.
static inline const char *koyomi_object_type_name(gpointer object) {
    return G_OBJECT_TYPE_NAME(object);
}

/// G_IS_OBJECT is a macro; lets the leak test ask whether a weak pointer still points somewhere.
static inline gboolean koyomi_is_object(gpointer object) {
    return object != NULL && G_IS_OBJECT(object);
}

#endif
