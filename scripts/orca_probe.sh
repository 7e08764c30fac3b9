#!/bin/sh
# A probe of a real screen reader (issue #38, item 8): Orca under Xvfb with speech-dispatcher,
# Chromium with accessibility on, Orca's speech captured in its debug log ("SPEECH OUTPUT: ...").
# Run as: apt-get install orca at-spi2-core xvfb speech-dispatcher; mkdir -p /tmp/listen_orca;
#         cp scripts/orca_probe.html /tmp/listen_orca/page.html; dbus-run-session -- scripts/orca_probe.sh
#         grep "SPEECH OUTPUT" /tmp/listen_orca/orca-debug.log
# What it did here (29 Nov 2026, Debian, Orca 43.1): see docs/web.md "Listening", "A real screen reader".
export DISPLAY=:97
Xvfb :97 -screen 0 1280x800x24 >/tmp/listen_orca/xvfb.log 2>&1 &
XV=$!
sleep 1
export GTK_MODULES=gail:atk-bridge NO_AT_BRIDGE=0
/usr/libexec/at-spi-bus-launcher --launch-immediately >/tmp/listen_orca/atspi.log 2>&1 &
sleep 1
speech-dispatcher -d -t 60 >/tmp/listen_orca/sd.log 2>&1
orca --replace --debug-file=/tmp/listen_orca/orca-debug.log >/tmp/listen_orca/orca.log 2>&1 &
OR=$!
sleep 4
chromium --no-sandbox --force-renderer-accessibility --user-data-dir=/tmp/listen_orca/profile file:///tmp/listen_orca/page.html >/tmp/listen_orca/chromium.log 2>&1 &
CH=$!
sleep 25
kill $CH $OR $XV 2>/dev/null
