#!/usr/bin/env bash
# Install the Debian packages puthi needs, only those that are missing; safe to run twice.
set -euo pipefail
PKGS=(
  tesseract-ocr tesseract-ocr-ben tesseract-ocr-asm tesseract-ocr-hin tesseract-ocr-eng tesseract-ocr-osd
  tesseract-ocr-script-beng
  fonts-beng fonts-noto-core fonts-lohit-beng-bengali fonts-lohit-beng-assamese
  libraqm0 hunspell-bn poppler-utils
  gcc libc6-dev
  chromium
)
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "installing Debian packages: ${missing[*]}" >&2
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "system-deps: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  SUDO=sudo
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
