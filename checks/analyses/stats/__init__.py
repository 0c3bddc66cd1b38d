"""Statistics of play: how long games last, who wins, what the cards do, with intervals; and
how two editions differ, tested, with the family of tests corrected by Holm's method.

`summary.summarise` turns the samples a study played (`checks.engines.study`) into a
`result.StatsResult`; the job that plays them, locally or on a cluster, is
`checks.jobs.stats_job`. The package itself imports nothing: the result types are read by
the plots and the report without loading scipy or the engine.
"""
