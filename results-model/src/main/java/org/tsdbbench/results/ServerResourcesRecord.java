package org.tsdbbench.results;

import java.util.List;

/** Which server processes the write test sampled (how they were found, or why none were) and the metrics that sampling adds to each cell. */
public record ServerResourcesRecord(String found, List<Long> pids, String metrics) {
}
