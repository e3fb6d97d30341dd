#!/usr/bin/env bash
# Installs the system packages the test suite needs, from Debian's archive, when they are missing.
set -euo pipefail
need=()
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || need+=(chromium)
# The data layer is tested against a real PostgreSQL server as well as PGlite.
command -v initdb >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
# Three servers are tested behind a real reverse proxy.
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || need+=(nginx)
# Invoices are read back as text and pictured from their PDF as a reader would (pdftotext, pdftoppm).
command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
# Factur-X PDFs are read back object by object by a second reader (qpdf --json, qpdf --check).
command -v qpdf >/dev/null 2>&1 || need+=(qpdf)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "missing: ${need[*]}; install them with: sudo apt-get install -y ${need[*]}" >&2
    exit 1
  fi
  apt-get update -qq
  # The packages' services are not started: the tests run their own servers on loopback.
  printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d
  chmod +x /usr/sbin/policy-rc.d
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" || { rm -f /usr/sbin/policy-rc.d; exit 1; }
  rm -f /usr/sbin/policy-rc.d
fi
