"""Text a repository or a person wrote, made safe to read and store: YAML with limits (`yamlbound`),
text a rendered view hides (`hidden`), git conflict markers (`conflicts`), secrets removed from a
memory (`scrub`)."""
