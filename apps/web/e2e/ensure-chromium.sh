#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (nothing downloads a browser at run time).
# Installs it from Debian's packages when it is missing; needs root, as on CI and dev machines.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "Chromium is missing: run 'sudo apt-get install -y chromium' once." >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium >/dev/null
/usr/bin/chromium --version
