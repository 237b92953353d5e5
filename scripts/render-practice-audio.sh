#!/usr/bin/env bash
# Renders the Ego Interrupt Practice audio once: spoken guidance (espeak-ng) → wav → mp3 (lame).
# The mp3 is committed; run this again only when the script in app/content/audio/ changes.
# Needs Debian's espeak-ng, sox and lame (apt-get install -y espeak-ng sox lame).
set -euo pipefail
cd "$(dirname "$0")/.."
source_ssml=app/content/audio/ego-interrupt-practice.ssml
output=public/downloads/ego-interrupt-practice.mp3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

espeak-ng -m -v en-us+f3 -s 135 -p 45 -w "$work/voice.wav" -f "$source_ssml"
# Mono 22.05 kHz with a gentle fade at both ends and a second of lead-in silence.
sox "$work/voice.wav" -r 22050 -c 1 "$work/practice.wav" pad 1 1 fade t 0.3 0 0.5 norm -3
lame --quiet -m m -b 16 --resample 16 \
  --tt "Ego Interrupt Practice" --ta "Presence Selling" --tl "No-Self Selling" \
  "$work/practice.wav" "$output"
printf '%s: %s bytes, %s s\n' "$output" "$(stat -c %s "$output")" "$(soxi -D "$work/practice.wav")"
