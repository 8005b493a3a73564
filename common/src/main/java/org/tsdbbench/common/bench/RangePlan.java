package org.tsdbbench.common.bench;

import java.util.SplittableRandom;
import org.tsdbbench.common.data.DeviceGenerator;
import org.tsdbbench.common.data.WorkloadSpec;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.query.DeviceDialect;
import org.tsdbbench.common.query.ExpectedAnswers;
import org.tsdbbench.common.query.LogicalQuery;
import org.tsdbbench.common.workload.PreparedQuery;

/**
 * The short range reads of one client (devices): q6 queries of one random device each, {@code resultRows}
 * consecutive rows from a random start inside the data set, drawn from a seed so that every run
 * asks the same questions; each rendered once and with its expected answer, then cycled through.
 */
public final class RangePlan {

    /** Queries drawn per client: enough that caches see many devices, few enough to prepare in a blink. */
    static final int SIZE = 512;

    private final PreparedQuery[] queries;
    private int next;

    private RangePlan(PreparedQuery[] queries) {
        this.queries = queries;
    }

    /** The plan of client {@code client}: its seed is the data set's seed mixed with the client's index and the result size. */
    public static RangePlan of(Database db, ConnectionOptions server, WorkloadSpec spec, int resultRows, int client) throws DatabaseException {
        if (resultRows < 1 || resultRows > spec.rowsPerDevice()) {
            throw new IllegalArgumentException("resultRows " + resultRows + ": must be 1.." + spec.rowsPerDevice() + " (the rows of one device)");
        }
        SplittableRandom random = new SplittableRandom(spec.seed() * 31 + client * 1_000_003L + resultRows);
        DeviceGenerator generator = new DeviceGenerator(spec);
        DeviceDialect dialect = DeviceDialect.of(db.dialect(server));
        PreparedQuery[] queries = new PreparedQuery[SIZE];
        for (int i = 0; i < SIZE; i++) {
            int devid = 1 + random.nextInt(spec.numOfDevices());
            long fromRow = random.nextInt(spec.rowsPerDevice() - resultRows + 1);
            LogicalQuery q = LogicalQuery.range(devid, spec.timestamp(fromRow), spec.timestamp(fromRow + resultRows));
            String text = dialect.render(q, spec)
                    .orElseThrow(() -> new IllegalStateException(db.displayName() + " has no time-range query"));
            queries[i] = new PreparedQuery(q, text, dialect.shaper(q), ExpectedAnswers.range(generator, spec.rowsPerDevice(), q));
        }
        return new RangePlan(queries);
    }

    /** The next query, round and round. */
    public PreparedQuery next() {
        PreparedQuery q = queries[next];
        next = (next + 1) % queries.length;
        return q;
    }
}
