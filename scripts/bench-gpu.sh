#!/usr/bin/env bash
# The LLM pipeline bench on one's own GPU (docs/extraction.md, "Measuring the model path"):
#   scripts/bench-gpu.sh MODEL.gguf [RESULTS.json]
# Runs bench/llm-pipeline.ts with the model: 50 kit RFC chunks through the three stages at 1, 2, 4, 8
# and 16 sequences (GRAPHWRIGHT_BENCH_CHUNKS, GRAPHWRIGHT_BENCH_SEQUENCES and
# GRAPHWRIGHT_BENCH_CONTEXT change that), prints the table and writes every figure, with the
# machine and the GPU, to RESULTS.json (default bench-gpu-<model>.json). Needs the kit at ../shared.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: scripts/bench-gpu.sh MODEL.gguf [RESULTS.json]" >&2
  exit 2
fi
model="$(realpath -e "$1" 2>/dev/null)" || {
  echo "bench-gpu: $1: no such file (give the path of a GGUF model)" >&2
  exit 2
}
if [ "$(head -c 4 "$model")" != "GGUF" ]; then
  echo "bench-gpu: $model: not a GGUF file (it does not start with the GGUF magic)" >&2
  exit 2
fi
if [ ! -d ../shared/data/rfc-radius-eap ]; then
  echo "bench-gpu: ../shared/data/rfc-radius-eap: the kit's RFCs are not there (the bench reads its chunks from them)" >&2
  exit 2
fi
out="${2:-bench-gpu-$(basename "$model" .gguf).json}"

if command -v nvidia-smi >/dev/null 2>&1; then
  echo "GPU: $(nvidia-smi --query-gpu=name,memory.total,memory.used,driver_version --format=csv,noheader | head -n 1)"
else
  echo "GPU: nvidia-smi not found; node-llama-cpp will take Vulkan or Metal where present, else the CPU (the table says which)"
fi

GRAPHWRIGHT_BENCH_MODEL="$model" npm run --silent bench -- llm-pipeline "--json=$out"
echo "figures: $out"
