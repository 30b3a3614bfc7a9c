"""BookStrut's idea encoder: fine-tunes a sentence-embedding model on how readers describe books, exports it as
int8 ONNX for transformers.js and publishes it with a model card. Entry point: `python -m bookstrut_encoder`."""
