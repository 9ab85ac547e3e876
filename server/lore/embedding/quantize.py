"""The model's linear layers computed in eight-bit integers: a copy of the ONNX model, made once per machine.

A sentence model of the MiniLM kind spends most of its time in the matrix products of its linear
layers, in float32 even when its file stores the weights as int8 (they are widened when the session
loads). ONNX Runtime's dynamic quantisation computes those products with integer instructions:
weights in int8 per output channel, each batch's activations scaled as it runs. The feed-forward
output projections (the products from the wide inner layer back to the model's width, whose inputs
carry the largest activations) stay in float32: quantised too they are faster still, but they move the
vectors twice as far and cost search a measurable part of its quality (bench/README.md, "Embedding in
eight-bit integers").

The copy is made in a child process (the quantiser holds the float model several times over for a
second or two, a peak the long-lived server should not keep), under Lore's model cache, named for the
source file's path, size and time, and used from then on. When anything fails (no `onnx` package, a
model it cannot read, a copy that will not load) the model is used as shipped and the log says why.
`LORE_MODEL_QUANTIZE=0` keeps the model as shipped.
"""

from __future__ import annotations

import hashlib
import logging
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

log = logging.getLogger(__name__)

ENV = "LORE_MODEL_QUANTIZE"
# Bumped when what the copy holds changes (which products are quantised, how): older copies are not used.
RECIPE = 1
FILE = "model.onnx"
TIMEOUT = 300  # seconds: a quantisation that takes longer is abandoned for the model as shipped
RETRY_AFTER = 24 * 3600  # seconds: a failed quantisation is not tried again at every load before this


def enabled() -> bool:
    """Whether models are quantised (unless `LORE_MODEL_QUANTIZE` is 0, off, no or false)."""
    return os.environ.get(ENV, "").strip().lower() not in ("0", "off", "no", "false")


def copy_path(source: Path, cache: Path) -> Path:
    """Where the quantised copy of `source` is kept: named for its path, size and modification time."""
    st = source.stat()
    key = f"{source.resolve()}\0{st.st_size}\0{st.st_mtime_ns}\0{RECIPE}"
    return cache / "quantized" / hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()[:20] / FILE


def quantized_copy(source: Path, cache: Path) -> Path | None:
    """The quantised copy of the ONNX model at `source`, made now when there is none; None when models are
    kept as shipped or the copy cannot be made (the log says why)."""
    if not enabled():
        return None
    try:
        target = copy_path(source, cache)
    except OSError as e:
        log.warning("model not quantised: cannot read %s: %s", source, e)
        return None
    if target.is_file() and target.stat().st_size > 0:
        return target
    failed = failure(target)
    if failed is not None:
        log.info("model used as shipped: quantising it failed lately (%s)", failed)
        return None
    log.info("quantising %s for this machine (once)", source)
    try:
        done = subprocess.run([sys.executable, "-m", "lore.embedding.quantize", str(source), str(target)],
                              capture_output=True, text=True, timeout=TIMEOUT, env=_child_env())
        lines = (done.stderr or done.stdout).strip().splitlines()
        reason = None if done.returncode == 0 and target.is_file() else (lines[-1] if lines else f"exit {done.returncode}")
    except (OSError, subprocess.SubprocessError) as e:
        reason = str(e)
    if reason is None:
        return target
    log.warning("model not quantised, used as shipped: %s", reason)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        _marker(target).write_text(reason + "\n", encoding="utf-8")
    except OSError:
        pass
    return None


def failure(target: Path) -> str | None:
    """Why the copy at `target` could not be made, when that was tried less than `RETRY_AFTER` ago."""
    marker = _marker(target)
    try:
        if time.time() - marker.stat().st_mtime < RETRY_AFTER:
            return marker.read_text(encoding="utf-8", errors="replace").strip() or "unknown"
    except OSError:
        pass
    return None


def _marker(target: Path) -> Path:
    return target.with_name("failed.txt")


def _child_env() -> dict[str, str]:
    """The child's environment: this process's, with the package Lore runs from first on the path."""
    env = dict(os.environ)
    here = str(Path(__file__).resolve().parents[2])
    env["PYTHONPATH"] = os.pathsep.join(p for p in (here, env.get("PYTHONPATH", "")) if p)
    return env


def write_quantized(source: Path, target: Path) -> None:
    """Write the quantised copy of `source` at `target` (atomically: a reader sees the whole file or none).

    The model is first written out as ONNX Runtime loads it (constants folded: weights stored as int8
    and widened by a cast and a scale become plain float32 weights), then every product with a constant
    weight is quantised dynamically, per output channel, but those whose weight narrows (more rows than
    columns: the feed-forward output projections)."""
    import onnx
    import onnxruntime as ort
    from onnxruntime.quantization import QuantType, quantize_dynamic

    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target.parent) as tmp:
        folded = Path(tmp) / "folded.onnx"
        options = ort.SessionOptions()
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_BASIC
        options.optimized_model_filepath = str(folded)
        ort.InferenceSession(str(source), sess_options=options, providers=["CPUExecutionProvider"])
        model = onnx.load(str(folded))
        weights = {init.name: tuple(init.dims) for init in model.graph.initializer}
        narrowing = [node.name for node in model.graph.node if node.op_type == "MatMul"
                     and any(len(s) == 2 and s[0] > s[1] for s in (weights.get(i) for i in node.input) if s)]
        del model
        written = Path(tmp) / FILE
        quantize_dynamic(str(folded), str(written), weight_type=QuantType.QInt8, per_channel=True,
                         nodes_to_exclude=narrowing)
        os.replace(written, target)


def main(argv: list[str]) -> int:
    """`python -m lore.embedding.quantize SOURCE TARGET`."""
    if len(argv) != 2:
        print("usage: python -m lore.embedding.quantize SOURCE.onnx TARGET.onnx", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.ERROR)
    try:
        write_quantized(Path(argv[0]), Path(argv[1]))
    except ImportError as e:
        print(f"the onnx package is not installed ({e})", file=sys.stderr)
        return 1
    except Exception as e:  # any failure leaves the model as shipped in use
        print(f"{type(e).__name__}: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
