#!/usr/bin/env bash
# Makes sure of the programs `pnpm test` drives besides Node (run by the `test` script before vitest,
# and by .ci/run): redis-server for the gateway's Redis store (the tests start their own on a free
# port), Chromium and a CJK font for the trace page's browser test (its screenshot shows Chinese),
# and openssl for the keep-alive fetch's TLS test (a throwaway certificate per run).
# Installs the missing Debian packages when it may (root, or passwordless sudo, with apt-get);
# otherwise prints one line saying what to install and exits 1. Silent when nothing is missing.
set -euo pipefail

missing=()
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -e /usr/share/fonts/truetype/wqy/wqy-zenhei.ttc ] || missing+=(fonts-wqy-zenhei)
command -v openssl >/dev/null 2>&1 || missing+=(openssl)
[ ${#missing[@]} -eq 0 ] && exit 0

install="apt-get install -y ${missing[*]}"
as_root=()
if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1 && sudo -n true >/dev/null 2>&1; then
  as_root=(sudo -n)
fi
if ! command -v apt-get >/dev/null 2>&1 || { [ "$(id -u)" -ne 0 ] && [ ${#as_root[@]} -eq 0 ]; }; then
  echo "pnpm test needs Debian packages that are missing: ${missing[*]} — install them as root: apt-get update && ${install} (Chromium at /usr/bin/chromium)" >&2
  exit 1
fi

echo "pnpm test: installing the missing Debian packages ${missing[*]} (${install})" >&2
if ! { "${as_root[@]}" apt-get update -qq && "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"; } >&2; then
  echo "pnpm test: could not install ${missing[*]}; install them as root: apt-get update && ${install}" >&2
  exit 1
fi
