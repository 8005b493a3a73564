package org.tsdbbench.common.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.LongConsumer;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.query.Dialect;
import org.tsdbbench.common.workload.BatchSource;
import org.tsdbbench.common.workload.DataSet;

/**
 * The load step: writes the whole data set exactly once with {@code clients} connections, each
 * owning its own devices, then checks that the database stores exactly the rows it acknowledged.
 */
public final class Loader {

    /**
     * The load's figures. Verified means: nothing failed, every row was acknowledged, and the stored
     * count equals the rows acknowledged less those superseded (acknowledged in place of an earlier
     * row of the same key, see {@link org.tsdbbench.common.workload.Batch#superseded}). rowsStored
     * is -1 when the stored rows were not counted: the database could not be asked, or other shards
     * write the same table (countError says which; sharded tells the second case).
     */
    public record Result(long rowsSent, long rowsAcked, long failedRequests, String firstError, long elapsedNanos, long rowsStored,
                         long rowsExpected, String countError, boolean sharded, long metricsAcked, long rowsSuperseded, long clientCpuNanos) {
        public double rowsPerSecond() {
            return rowsAcked / (elapsedNanos / 1e9);
        }

        /** TSBS's metrics/s: the field values of the requests acknowledged whole, over the same time as rows/s. */
        public double metricsPerSecond() {
            return metricsAcked / (elapsedNanos / 1e9);
        }

        /** Nothing failed, every row was acknowledged, and the count matched (a shard's load is counted by the verify step). */
        public boolean verified() {
            return failedRequests == 0 && rowsAcked == rowsExpected && (rowsStored == rowsAcked - rowsSuperseded || sharded);
        }

        /** The client's CPU per row in the load's window (this whole process: reading, building, sending), microseconds. */
        public double clientMicrosPerRow() {
            return rowsAcked == 0 ? Double.NaN : clientCpuNanos / 1e3 / rowsAcked;
        }

        public String describe() {
            String stored = rowsStored >= 0 ? String.format(java.util.Locale.ROOT, "%,d", rowsStored) : "not counted (" + countError + ")";
            String s = String.format(java.util.Locale.ROOT, "%,d rows acknowledged of %,d sent in %.2f s: %,.0f rows/s (%,.0f metrics/s); stored %s (expected %,d)",
                    rowsAcked, rowsSent, elapsedNanos / 1e9, rowsPerSecond(), metricsPerSecond(), stored, rowsExpected - rowsSuperseded);
            s += String.format(java.util.Locale.ROOT, "; client CPU %.2f s (%.2f us/row)", clientCpuNanos / 1e9, clientMicrosPerRow());
            if (rowsSuperseded > 0) {
                s += String.format(java.util.Locale.ROOT, "; %,d acknowledged %s the place of an earlier row of the same key", rowsSuperseded,
                        rowsSuperseded == 1 ? "row took" : "rows took");
            }
            if (failedRequests > 0) s += "; " + failedRequests + " failed requests, first: " + firstError;
            return s;
        }
    }

    private Loader() {
    }

    /**
     * Recreates the schema, writes every row, counts what is stored.
     *
     * @param progress told of every acknowledged request's row count (may be a no-op)
     */
    public static Result load(Database db, ConnectionOptions conn, DataSet data, long rowsExpected, int clients, int rowsPerRequest,
                              LongConsumer progress) throws DatabaseException, InterruptedException {
        Dialect dialect = db.dialect(conn);
        try (Session admin = db.open(conn)) {
            // Shards share the table: the schema step creates it once, before any shard loads.
            if (data.shard().whole()) data.spec().recreateSchema(admin);
            WriteOutcome outcome = new WriteOutcome();
            ExecutorService pool = Executors.newFixedThreadPool(clients, r -> {
                Thread t = new Thread(r, db.name() + "-load");
                t.setDaemon(true);
                return t;
            });
            // The clock starts once every client has its session (opening one, e.g. a Cassandra
            // session, can take a second): rows/s is the writing, not the connecting.
            CountDownLatch opened = new CountDownLatch(clients);
            CountDownLatch go = new CountDownLatch(1);
            List<Future<?>> futures = new ArrayList<>();
            for (int c = 0; c < clients; c++) {
                int client = c;
                futures.add(pool.submit(() -> {
                    WriteClient writer;
                    try {
                        writer = new WriteClient(db.open(conn), dialect, outcome, FailurePolicy.LOAD);
                    } finally {
                        // A client that cannot connect fails the load; the others must not wait for it.
                        opened.countDown();
                    }
                    // A TSBS file's lines go as they are to a database whose request they are.
                    try (writer; BatchSource rows = data.client(client, clients, false, writer.session())) {
                        go.await();
                        writer.sendAll(rows, rowsPerRequest, progress);
                    }
                    return null;
                }));
            }
            long start = System.nanoTime();
            long cpuStart = ServerProcesses.ownCpuNanos();
            try {
                opened.await();
                start = System.nanoTime();
                cpuStart = ServerProcesses.ownCpuNanos();
                go.countDown();
                for (Future<?> f : futures) f.get();
            } catch (ExecutionException e) {
                outcome.failed(0, DatabaseException.rootMessage(e.getCause()));
            } finally {
                go.countDown();
                pool.shutdownNow();
            }
            long elapsed = System.nanoTime() - start;
            long cpu = ServerProcesses.ownCpuNanos() - cpuStart;
            long stored = -1;
            String countError = null;
            try {
                if (data.shard().whole()) stored = StoredRows.settled(db, admin, data.spec(), outcome.rowsExpectedStored());
                else countError = "not counted by a shard (shard " + data.shard() + "): other shards write the same table; the verify step counts it";
            } catch (DatabaseException e) {
                // The server may be gone: what was acknowledged and sent is still the result.
                countError = e.getMessage();
            }
            return new Result(outcome.rowsSent(), outcome.rowsAcked(), outcome.failedRequests(), outcome.firstError(), elapsed, stored,
                    rowsExpected, countError, !data.shard().whole(), outcome.metricsAcked(), outcome.rowsSuperseded(), cpu);
        }
    }
}
