#!/usr/bin/env bash
# The cluster test and bench put HAProxy (Debian's package) in front of the server processes.
# Installs it from Debian's packages when it is missing; needs root, as on CI and dev machines.
set -euo pipefail
if [ -x /usr/sbin/haproxy ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "HAProxy is missing: run 'sudo apt-get install -y haproxy' once." >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq haproxy >/dev/null
/usr/sbin/haproxy -v | head -1
