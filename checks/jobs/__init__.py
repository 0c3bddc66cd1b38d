"""Jobs: the main check, baselines and the workload planner, which run the analyses and engines."""
