package org.tsdbbench.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;

/**
 * A run folder's {@code run.json}: the run's id, whether it completed, what it was asked to run
 * (absent in a merge of shards), the shards merged (merge only), and each database's status
 * ({@code pending}, {@code running}, {@code passed}, {@code failed}, {@code skipped}) with the reason.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunRecord(String runId, Boolean complete, @JsonUnwrapped Settings settings, Integer shards, List<DatabaseStatus> databases) {

    /** Settings whose every field is absent are none (a merge's run.json has none). */
    public RunRecord {
        if (settings != null && settings.equals(new Settings(null, null, null, null))) settings = null;
    }

    /**
     * What the comparison was asked to run: the scale and matrix as the user said them, the cores
     * of the servers (null: every core) and the client's heap.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Settings(String scale, String matrix, @JsonInclude(JsonInclude.Include.ALWAYS) Integer serverCores, String clientHeap) {
    }

    /** One database of the run and what became of it; the reason says why it failed or was skipped. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record DatabaseStatus(String name, String status, String reason) {
    }
}
