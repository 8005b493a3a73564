package org.tsdbbench.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;

/**
 * One cell of the write test (R/R x clients) in the manifest's {@code write} or {@code fixedRate}
 * list: how the rows were sent ({@code writePath}, the module's words; {@code writePathName}, the
 * write path its descriptor declares, and whether that is the path the published reports used),
 * JMH's rows/s and its error, TSBS's metrics/s (the field values of the rows acknowledged, over the
 * same window), the iterations' spread, what the forks verified and the rows
 * acknowledged in the measured window, both sides' CPU and memory, the latency bound, a fixed-rate
 * verdict, and why it failed (absent: it did not); a figure JMH did not give is NaN. Each group's
 * fields sit beside the others in the JSON. This record holds every figure the report shows of a
 * cell: the report reads nothing else.
 * A merged cell ({@code clientsPerShard} set) has the shards' common window and each shard's own
 * figures instead, and no verification of its own.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record WriteCellRecord(int rowsPerRequest, int clients, Integer clientsPerShard, String writePath, String writePathName,
                              Boolean publishedPath, Double rowsPerSecond, Double error, Double metricsPerSecond,
                              @JsonUnwrapped SpreadRecord spread, @JsonUnwrapped VerificationRecord verification, Long rowsAcked,
                              String startedAt, String endedAt, Double measuredSeconds, Double windowSeconds, @JsonUnwrapped ResourcesRecord resources,
                              @JsonUnwrapped LatencyBoundRecord latencyBound, @JsonUnwrapped FixedRateRecord fixedRate, String failure,
                              List<ShardCellRecord> shards) {

    /** A merged cell has no verification of its own (each shard's is in {@code shards}); reading one gives none. */
    public WriteCellRecord {
        if (clientsPerShard != null) verification = null;
    }

    /** Whether this is a merged cell (the shards' figures together). */
    public boolean merged() {
        return clientsPerShard != null;
    }

    /**
     * A merged cell: clients of all shards, the rows they acknowledged in their common window
     * (earliest start to latest end), and each shard's own figures; shard 0's write path and
     * resources (the server's are the same servers'); when it failed, NaN rows/s and why, without a window.
     */
    public static WriteCellRecord merged(WriteCellRecord shard0, int clients, int clientsPerShard, double rowsPerSecond, Long rowsAcked,
                                         String startedAt, String endedAt, Double windowSeconds, String failure, List<ShardCellRecord> shards) {
        return new WriteCellRecord(shard0.rowsPerRequest(), clients, clientsPerShard, shard0.writePath(), shard0.writePathName(), shard0.publishedPath(),
                rowsPerSecond, Double.NaN, null, null, null, rowsAcked, startedAt, endedAt, null, windowSeconds, shard0.resources(), null, null, failure, shards);
    }
}
