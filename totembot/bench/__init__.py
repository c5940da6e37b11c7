"""`totembot bench`: the figures of docs/benchmarks.md, each beside its floor."""

# The token every bench's bot logs in with to the local Discord stand-in: fake, and not secret.
BENCH_TOKEN = "MTAwMDAwMDAwMDAwMDAwMDAw.GabCdE.bench-token-not-a-secret-0123456"
