"""Local text embeddings: the embedder every search and hover uses (`embedder`), and the lean
onnxruntime loader behind it (`onnx`)."""
