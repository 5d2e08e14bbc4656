#!/usr/bin/env bash
# Makes this machine ready for the full test set: the local services the tests talk to.
# Safe to run repeatedly; later suites (WordPress host, Chromium) add their steps here.
set -euo pipefail

pg_up() { pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; }

if ! pg_up; then
  if command -v pg_ctlcluster >/dev/null 2>&1; then
    echo "Starting PostgreSQL…"
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start || true
  fi
  for _ in $(seq 1 30); do pg_up && break; sleep 1; done
fi
if pg_up; then
  echo "PostgreSQL is up on 127.0.0.1:5432"
else
  echo "PostgreSQL is not reachable on 127.0.0.1:5432" >&2
  exit 1
fi

# Chromium drives the browser suite (playwright-core with the system browser; no browser downloads).
if ! command -v chromium >/dev/null 2>&1; then
  echo "Installing Chromium from Debian's packages…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
fi
chromium --version

# A WordPress host on this machine (Debian's wordpress, php-cli, php-mysql; MariaDB started if down),
# for the provisioner and REST client suites.
bash "$(dirname "$0")/../wordpress/setup-host.sh"
