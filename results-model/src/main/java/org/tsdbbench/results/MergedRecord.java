package org.tsdbbench.results;

import java.util.List;

/** How a merged manifest was made: from how many shards, by which method, from which folders, and what was left out. */
public record MergedRecord(int shards, String method, List<String> shardFolders, List<String> notes) {
}
