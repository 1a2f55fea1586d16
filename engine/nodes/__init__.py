"""Graph nodes, one module each: `(state, runtime) -> partial state update`."""
