package org.tsdbbench.common.bench;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.workload.PreparedQuery;

/**
 * The query tests: one invocation runs one query until its last row has reached the client, then
 * checks the rows against the generator's expected answer (a wrong answer fails the benchmark,
 * and is appended to the settings' verify log when there is one: JMH keeps a failed iteration's
 * exception to its own output, and may still report the iterations before it).
 * Sample-time mode gives the latency distribution with percentiles, per query id. With several
 * JMH threads each is one client with its own connection (TSBS's workers), and
 * {@link #queriesPerSecond()} measures the same work as their throughput.
 *
 * <p>One class for every database ({@link RunSettings} says which). From an IDE it runs as it is:
 * if the local server does not hold the data set yet, the setup loads it first.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 1, time = 2)
@Measurement(iterations = 3, time = 2)
public class QueryBenchmark {

    /** A catalog id of the settings' workload, e.g. (devices) q1.g0, q2.avg.p10, q3.sum.p50, q4.count.p100. */
    @Param("q2.avg.p100")
    public String queryId;

    private Session session;
    private PreparedQuery query;
    private Path wrongAnswers;

    /**
     * Prepares the query and its expected answer; loads the data set first unless the settings say
     * it was checked (the CLI's query step has: a full count takes seconds on some databases, once per query).
     */
    @Setup(Level.Trial)
    public void open(RunSettings run, Prepared prepared) throws Exception {
        Database db = run.database();
        BenchSettings settings = run.settings();
        query = prepared.query(db, settings, queryId);
        wrongAnswers = settings.verifyLog();
        session = db.open(settings.connection());
    }

    /** Shared by the clients of a trial: the first to set up prepares the query (loading the data set if missing). */
    @State(Scope.Benchmark)
    public static class Prepared {
        private PreparedQuery query;

        synchronized PreparedQuery query(Database db, BenchSettings settings, String id) throws Exception {
            if (query != null) return query;
            QuerySet queries = QuerySet.prepare(db, settings);
            if (!settings.dataChecked()) queries.ensureLoaded(db, settings);
            query = queries.get(id);
            return query;
        }
    }

    @Benchmark
    public long query() throws Exception {
        return query.runChecked(session, wrongAnswers);
    }

    /** The clients' queries a second (the query step's second trial when it runs several clients). */
    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    public long queriesPerSecond() throws Exception {
        return query.runChecked(session, wrongAnswers);
    }

    @TearDown(Level.Trial)
    public void close() {
        if (session != null) session.close();
    }
}
