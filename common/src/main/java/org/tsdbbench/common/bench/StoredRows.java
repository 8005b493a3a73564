package org.tsdbbench.common.bench;

import java.time.Duration;
import java.util.OptionalLong;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.Poll;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.workload.DataSpec;

/** The rows of a workload a database stores, counted the same way by every step and benchmark. */
public final class StoredRows {

    private StoredRows() {
    }

    /**
     * The count once it has settled: some databases make acknowledged rows countable a moment
     * later, so it is read again until it reaches {@code expected} or the database's settle time
     * has passed; the last count either way.
     */
    public static long settled(Database db, Session session, DataSpec spec, long expected) throws DatabaseException {
        return Poll.every(Duration.ofMillis(200), Duration.ofMillis(db.settleMillis())).until(() -> spec.countRows(session), n -> n == expected);
    }

    /** The count now, or empty when the database cannot count (no table yet, or the server is gone). */
    public static OptionalLong now(Session session, DataSpec spec) {
        try {
            return OptionalLong.of(spec.countRows(session));
        } catch (DatabaseException e) {
            return OptionalLong.empty();
        }
    }
}
