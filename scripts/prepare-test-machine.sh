#!/usr/bin/env bash
# Installs and starts what the test suite needs on a fresh Debian machine. Idempotent.
set -euo pipefail

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

need_apt=()
command -v psql >/dev/null 2>&1 || need_apt+=(postgresql postgresql-client)
if [ ${#need_apt[@]} -gt 0 ]; then
  as_root apt-get update -qq
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
