package org.tsdbbench.common.workload;

import java.io.DataOutput;
import java.io.IOException;
import java.util.Optional;
import org.tsdbbench.common.query.Dialect;

/**
 * The exact answers to a data set's queries, computed from its rows without a database, and the
 * workload's catalog prepared against them in a database's dialect. Each workload pairs its own
 * query, spec and answer types here, so the harness needs no cast; the dialect says each query
 * through the workload's own dialect interface (the trucks' {@code IotDialect}).
 */
public interface Answers {

    /** The data set's records: the rows a load sends (a database keeps {@link #superseded} fewer). */
    long totalRows();

    /**
     * Rows of the data set a database speaking {@code dialect} keeps in place of another that shares
     * its key (of the IoT records without a name, one per key): written and acknowledged, not stored.
     * None by default.
     */
    default long superseded(Dialect dialect) {
        return 0;
    }

    /** The first few groups of rows sharing a key under {@code dialect}, in words; empty when there are none. */
    default java.util.List<String> sharedKeys(Dialect dialect) {
        return java.util.List.of();
    }

    /** Every catalog query in the dialect, with its expected answer; those the dialect cannot say are listed as absent. */
    PreparedCatalog prepare(Dialect dialect);

    /**
     * One query of a query file: the text as written, the dialect's shaper and the expected answer
     * of the query the id names; an id of no query is an IllegalArgumentException naming it.
     */
    PreparedQuery prepare(String id, String text, Dialect dialect);

    /**
     * A query cheap to run whose answer tells this data set from another of as many rows (another seed
     * or file), in the dialect's words with its expected answer: what a guard runs before it takes the
     * rows a server holds for this data set. Empty when the dialect says none of the workload's candidates.
     */
    default Optional<PreparedQuery> fingerprint(Dialect dialect) {
        return Optional.empty();
    }

    /** Writes the answers so that {@link DataSet#readAnswers} gives the same answer to every query. */
    void writeTo(DataOutput out) throws IOException;
}
