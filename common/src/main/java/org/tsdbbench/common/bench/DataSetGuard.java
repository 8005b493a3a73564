package org.tsdbbench.common.bench;

import java.util.function.Consumer;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.workload.DataSpec;

/**
 * Makes sure the server holds exactly the data set before a test that reads it (the queries, the
 * range reads, the mixed load): counts the stored rows and, when they are not the data set's,
 * has it loaded. The one place that decides, for a CLI step and for a benchmark run alone.
 */
public final class DataSetGuard {

    /** Loads the data set; whether the load verified. */
    @FunctionalInterface
    public interface Load {
        boolean load() throws Exception;
    }

    private DataSetGuard() {
    }

    /**
     * Whether the server holds the data set of {@code spec} and {@code expected} rows now: it did, or {@code load}
     * loaded it and verified. A server that cannot be reached fails here; one that cannot count
     * (no table yet) gets the load.
     */
    public static boolean ensure(Database db, ConnectionOptions server, DataSpec spec, long expected, Consumer<String> say, Load load)
            throws Exception {
        long stored;
        try (Session s = db.open(server)) {
            stored = StoredRows.now(s, spec).orElse(-1);
        }
        if (stored == expected) return true;
        say.accept("# " + db.displayName() + " holds " + Math.max(0, stored) + " rows, the data set " + expected + ": loading it first");
        return load.load();
    }
}
