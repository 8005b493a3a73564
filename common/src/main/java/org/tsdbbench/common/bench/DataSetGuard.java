package org.tsdbbench.common.bench;

import java.util.Optional;
import java.util.function.Consumer;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.workload.DataSpec;
import org.tsdbbench.common.workload.PreparedQuery;
import org.tsdbbench.common.workload.ResultCheck;

/**
 * Makes sure the server holds exactly the data set before a test that reads it (the queries, the
 * range reads, the mixed load): counts the stored rows and checks the answer of the data set's
 * fingerprint query ({@link org.tsdbbench.common.workload.Answers#fingerprint}), so that another data
 * set of as many rows (another seed) is not taken for it; when either differs, has it loaded. The one
 * place that decides, for a CLI step and for a benchmark run alone.
 */
public final class DataSetGuard {

    /** Loads the data set; whether the load verified. */
    @FunctionalInterface
    public interface Load {
        boolean load() throws Exception;
    }

    /**
     * The data set's fingerprint query, made only when the rows' count matches (its answers may take a
     * pass over the data).
     */
    @FunctionalInterface
    public interface Fingerprint {
        Optional<PreparedQuery> query() throws Exception;
    }

    private DataSetGuard() {
    }

    /**
     * Whether the server holds the data set of {@code spec} and {@code expected} rows now: it did (the
     * count and the fingerprint's answer agree), or {@code load} loaded it and verified. A server that
     * cannot be reached fails here; one that cannot count (no table yet) gets the load.
     */
    public static boolean ensure(Database db, ConnectionOptions server, DataSpec spec, long expected,
                                 Fingerprint fingerprint,
                                 Consumer<String> say, Load load) throws Exception {
        String differs;
        try (Session s = db.open(server)) {
            differs = differs(s, spec, expected, fingerprint);
        }
        if (differs == null) return true;
        say.accept("# " + db.displayName() + " holds " + differs + ": loading it first");
        return load.load();
    }

    /** What the server holds that is not the data set, in words; null when it holds the data set. */
    private static String differs(Session s, DataSpec spec, long expected, Fingerprint fingerprint) throws Exception {
        long stored = StoredRows.now(s, spec).orElse(-1);
        if (stored != expected) return Math.max(0, stored) + " rows, the data set " + expected;
        Optional<PreparedQuery> probe = fingerprint.query();
        if (probe.isEmpty()) return null;
        ResultCheck check = probe.get().run(s);
        return check.mismatch() == null ? null
                : "the data set's " + expected + " rows but not its values (" + check.mismatch() + ")";
    }
}
