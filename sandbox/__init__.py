"""The world the agent acts in: workspace adapters, change detection, snapshots, and the simulated apps."""
