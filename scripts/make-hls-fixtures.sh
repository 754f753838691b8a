#!/bin/sh
# Makes the HLS segments of the simulated live source (server/live/assets/, shipped in the package): two renditions of 6 two-second
# segments each, H.264 Main + AAC in MPEG-TS, from ffmpeg's test pattern. Run once; the output is committed.
# Segments are named *.mpegts, not *.ts: tsc and biome would take *.ts files for TypeScript.
set -eu
FFMPEG=${FFMPEG:-/usr/bin/ffmpeg}
OUT=$(dirname "$0")/../server/live/assets
mkdir -p "$OUT"
rm -f "$OUT"/*.mpegts "$OUT"/*.m3u8 "$OUT"/renditions.json

# 12 s at 25 fps; a keyframe exactly every 50 frames so every segment is 2 s and starts with one
# (without -g/-keyint_min/-sc_threshold ffmpeg cuts one long segment). Main profile + yuv420p so
# every browser decodes it (the default would be High 4:4:4).
render() { # name width height video-bitrate audio-bitrate
  "$FFMPEG" -hide_banner -loglevel error -y \
    -f lavfi -i "testsrc2=size=${2}x${3}:rate=25:duration=12" \
    -f lavfi -i "sine=frequency=440:sample_rate=32000:duration=12" \
    -c:v libx264 -profile:v main -pix_fmt yuv420p -preset veryfast \
    -b:v "$4" -maxrate "$4" -bufsize "$4" \
    -g 50 -keyint_min 50 -sc_threshold 0 \
    -c:a aac -b:a "$5" -ac 1 -ar 32000 \
    -f hls -hls_time 2 -hls_list_size 0 -hls_playlist_type vod \
    -hls_segment_filename "$OUT/$1-%d.mpegts" "$OUT/$1.m3u8"
}

render hi 320 180 120k 32k
render lo 160 90 50k 24k

# What the simulator's master playlist says of each rendition (RESOLUTION, CODECS with the real level).
describe() { # name
  level=$(ffprobe -v error -select_streams v:0 -show_entries stream=level -of csv=p=0 "$OUT/$1-0.mpegts" | head -n 1)
  size=$(ffprobe -v error -select_streams v:0 -show_entries stream=width,height -of csv=s=x:p=0 "$OUT/$1-0.mpegts" | head -n 1)
  printf '{"name":"%s","resolution":"%s","codecs":"avc1.4d40%02x,mp4a.40.2"}' "$1" "$size" "$level"
}
printf '[%s,%s]\n' "$(describe hi)" "$(describe lo)" >"$OUT/renditions.json"
ls -l "$OUT"
