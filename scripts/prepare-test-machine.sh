#!/usr/bin/env bash
# Installs and starts what the test suite needs on a fresh Debian machine. Idempotent.
set -euo pipefail

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

need_apt=()
command -v psql >/dev/null 2>&1 || need_apt+=(postgresql postgresql-client)
if [ ${#need_apt[@]} -gt 0 ]; then
  as_root apt-get update -qq; apt_updated=1
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "${need_apt[@]}"
fi

# PostgreSQL for the control-plane behaviour suite (trust auth on loopback, as on the project's machines).
if ! pg_isready -h 127.0.0.1 -p 5432 -q; then
  as_root pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start || true
  for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
fi
pg_isready -h 127.0.0.1 -p 5432 || { echo "PostgreSQL is not reachable on 127.0.0.1:5432" >&2; exit 1; }
if ! psql -h 127.0.0.1 -U postgres -Atc "select 1 from pg_database where datname='logward_test'" | grep -q 1; then
  psql -h 127.0.0.1 -U postgres -c "create database logward_test"
fi

# Debian's Chromium for the web UI's browser tests (test/web), driven by playwright-core: never a downloaded browser.
if ! command -v chromium >/dev/null 2>&1; then
  [ -n "${apt_updated:-}" ] || { as_root apt-get update -qq; apt_updated=1; }
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq chromium
fi

# Real log shippers for test/shippers (reference: ../shared/reference/real-clients.md A4–A6).
# rsyslog and syslog-ng conflict as packages, so syslog-ng is only extracted into a private root.
SYSLOG_NG_ROOT="${LOGWARD_SYSLOG_NG_ROOT:-/opt/logward-test/syslog-ng}"
need_shippers=()
command -v rsyslogd >/dev/null 2>&1 || need_shippers+=(rsyslog)
[ -e /usr/lib/x86_64-linux-gnu/rsyslog/omelasticsearch.so ] || need_shippers+=(rsyslog-elasticsearch)
command -v logger >/dev/null 2>&1 || need_shippers+=(bsdutils)
if [ ! -x "$SYSLOG_NG_ROOT/root/usr/sbin/syslog-ng" ]; then
  need_shippers+=(libivykis0 libnet1 libjson-c5 libglib2.0-0 libwrap0 libpcre3 libcurl4 libcap2)
fi
if [ ${#need_shippers[@]} -gt 0 ]; then
  [ -n "${apt_updated:-}" ] || { as_root apt-get update -qq; apt_updated=1; }
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "${need_shippers[@]}"
fi
if [ ! -x "$SYSLOG_NG_ROOT/root/usr/sbin/syslog-ng" ]; then
  as_root mkdir -p "$SYSLOG_NG_ROOT/debs"
  as_root chown "$(id -u)" "$SYSLOG_NG_ROOT" "$SYSLOG_NG_ROOT/debs"
  (cd "$SYSLOG_NG_ROOT/debs" && apt-get download syslog-ng-core syslog-ng-mod-http syslog-ng-scl)
  for deb in "$SYSLOG_NG_ROOT"/debs/*.deb; do dpkg -x "$deb" "$SYSLOG_NG_ROOT/root"; done
fi
