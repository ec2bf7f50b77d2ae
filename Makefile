# Builds Koyomi with SwiftPM and installs it the way desktops expect (FHS paths under PREFIX).
#
#   make install   [PREFIX=/usr/local] [DESTDIR=] [CONFIG=release|debug] [BUILD_PATH=.build]
#   make uninstall [PREFIX=/usr/local] [DESTDIR=]
#   make build     (what install runs first)
#
# DESTDIR stages the files for a package (nothing outside it is touched and no cache is
# refreshed). NO_BUILD=1 installs what is already built in BUILD_PATH without running SwiftPM:
# the install test needs that, because `swift test` holds SwiftPM's lock on its build folder.
# SWIFT_FLAGS go to `swift build`, e.g. --static-swift-stdlib for a binary that does not need
# the toolchain's runtime libraries at run time (it links against them by absolute RUNPATH).
# Needs: swift (6.x), msgfmt (gettext), install (coreutils).

PREFIX     ?= /usr/local
DESTDIR    ?=
CONFIG     ?= release
BUILD_PATH ?= .build
SWIFT      ?= swift
SWIFT_FLAGS ?=
MSGFMT     ?= msgfmt
INSTALL    ?= install

ifeq ($(filter $(CONFIG),release debug),)
$(error CONFIG must be release or debug, not "$(CONFIG)")
endif

APP_ID    := app.koyomi.Koyomi
# SwiftPM links <build-path>/<config> to the platform folder it built into.
BIN_DIR   := $(BUILD_PATH)/$(CONFIG)

bindir     := $(PREFIX)/bin
datadir    := $(PREFIX)/share
appsdir    := $(datadir)/applications
metainfodir := $(datadir)/metainfo
iconsdir   := $(datadir)/icons/hicolor
samplesdir := $(datadir)/koyomi/samples
localedir  := $(datadir)/locale
dbusdir    := $(datadir)/dbus-1/services
searchdir  := $(datadir)/gnome-shell/search-providers
# The log-in autostart entry goes where desktops look (XDG_CONFIG_DIRS, by default /etc/xdg),
# whatever the PREFIX; a package that wants it elsewhere sets sysconfdir.
sysconfdir ?= /etc
autostartdir := $(sysconfdir)/xdg/autostart

SAMPLES   := $(notdir $(wildcard data/*.ics))
LANGUAGES := $(basename $(notdir $(wildcard po/*.po)))

# Every file install puts in place, relative to DESTDIR; uninstall removes exactly these.
INSTALLED := \
	$(bindir)/koyomi \
	$(appsdir)/$(APP_ID).desktop \
	$(metainfodir)/$(APP_ID).metainfo.xml \
	$(iconsdir)/scalable/apps/$(APP_ID).svg \
	$(iconsdir)/symbolic/apps/$(APP_ID)-symbolic.svg \
	$(dbusdir)/$(APP_ID).service \
	$(searchdir)/$(APP_ID).search-provider.ini \
	$(autostartdir)/$(APP_ID).desktop \
	$(addprefix $(samplesdir)/,$(SAMPLES)) \
	$(foreach lang,$(LANGUAGES),$(localedir)/$(lang)/LC_MESSAGES/koyomi.mo)

.PHONY: all build install uninstall refresh-caches validate list-installed

all: build

build:
ifndef NO_BUILD
	$(SWIFT) build -c $(CONFIG) --build-path $(BUILD_PATH) --product koyomi $(SWIFT_FLAGS)
endif
	@test -x $(BIN_DIR)/koyomi || { echo "make: no koyomi in $(BIN_DIR) (build it, or fix BUILD_PATH/CONFIG)" >&2; exit 1; }

# D-Bus starts Koyomi for a click on a notification (DBusActivatable=true) and for GNOME
# Shell's search (the search-provider .ini); the autostart
# entry runs it in the background at log-in, for reminders (Preferences can switch it off).
install: build
	$(INSTALL) -D -m 755 $(BIN_DIR)/koyomi $(DESTDIR)$(bindir)/koyomi
	$(INSTALL) -D -m 644 resources/$(APP_ID).desktop $(DESTDIR)$(appsdir)/$(APP_ID).desktop
	$(INSTALL) -D -m 644 resources/$(APP_ID).metainfo.xml $(DESTDIR)$(metainfodir)/$(APP_ID).metainfo.xml
	$(INSTALL) -D -m 644 resources/icons/$(APP_ID).svg $(DESTDIR)$(iconsdir)/scalable/apps/$(APP_ID).svg
	$(INSTALL) -D -m 644 resources/icons/$(APP_ID)-symbolic.svg $(DESTDIR)$(iconsdir)/symbolic/apps/$(APP_ID)-symbolic.svg
	$(INSTALL) -D -m 644 resources/$(APP_ID).search-provider.ini $(DESTDIR)$(searchdir)/$(APP_ID).search-provider.ini
	$(INSTALL) -d $(DESTDIR)$(dbusdir) $(DESTDIR)$(autostartdir)
	sed 's|@bindir@|$(bindir)|g' resources/$(APP_ID).service.in > $(DESTDIR)$(dbusdir)/$(APP_ID).service
	sed 's|@bindir@|$(bindir)|g' resources/$(APP_ID)-autostart.desktop.in > $(DESTDIR)$(autostartdir)/$(APP_ID).desktop
	chmod 644 $(DESTDIR)$(dbusdir)/$(APP_ID).service $(DESTDIR)$(autostartdir)/$(APP_ID).desktop
	$(INSTALL) -d $(DESTDIR)$(samplesdir)
	$(foreach sample,$(SAMPLES),$(INSTALL) -m 644 data/$(sample) $(DESTDIR)$(samplesdir)/$(sample) &&) true
	$(foreach lang,$(LANGUAGES),$(INSTALL) -d $(DESTDIR)$(localedir)/$(lang)/LC_MESSAGES && \
		$(MSGFMT) --check -o $(DESTDIR)$(localedir)/$(lang)/LC_MESSAGES/koyomi.mo po/$(lang).po &&) true
	@$(MAKE) --no-print-directory refresh-caches

uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED))
	-rmdir $(DESTDIR)$(samplesdir) $(DESTDIR)$(datadir)/koyomi 2>/dev/null
	-rmdir $(DESTDIR)$(searchdir) $(DESTDIR)$(datadir)/gnome-shell 2>/dev/null
	-rmdir $(DESTDIR)$(dbusdir) $(DESTDIR)$(datadir)/dbus-1 $(DESTDIR)$(autostartdir) $(DESTDIR)$(sysconfdir)/xdg 2>/dev/null
	@$(MAKE) --no-print-directory refresh-caches

# The desktop's caches follow a real install only: a staged one (DESTDIR) is refreshed by the
# package manager on the target system. Each tool is optional.
refresh-caches:
ifeq ($(DESTDIR),)
	-@command -v update-desktop-database >/dev/null && update-desktop-database -q $(appsdir) || true
	-@for tool in gtk4-update-icon-cache gtk-update-icon-cache; do \
		if command -v $$tool >/dev/null && [ -d $(iconsdir) ]; then $$tool -q -t -f $(iconsdir); break; fi; \
	done; true
endif

# The files install would write (one a line, DESTDIR included), for scripts and tests.
list-installed:
	@printf '%s\n' $(addprefix $(DESTDIR),$(INSTALLED))

validate:
	scripts/validate-desktop
