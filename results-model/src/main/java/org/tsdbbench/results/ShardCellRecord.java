package org.tsdbbench.results;

import com.fasterxml.jackson.annotation.JsonInclude;

/** One shard's own figures of a merged write cell, as its manifest had them. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ShardCellRecord(int index, Long rowsAcked, String startedAt, String endedAt, Double rowsPerSecond, Double error, String failure,
                              @JsonInclude(JsonInclude.Include.ALWAYS) TrialRecord verified) {
}
