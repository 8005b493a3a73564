package org.tsdbbench.results;

/** Which shard of a run a manifest is (0-based {@code index} of {@code count}); the whole data set is shard 0 of 1. */
public record ShardRecord(int index, int count) {
}
