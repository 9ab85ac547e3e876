"""What the faces exchange as JSON: memories and hits as JSON-ready dicts (`views`), `search` and
`context` as JSON in, JSON out (`calls`), and the socket through which a running server answers
another process (`relay`)."""
