package org.tsdbbench.common.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * A JMH profiler for both sides of a write test, per iteration: the database server's processes'
 * CPU % (of one core), peak resident memory and storage write rate, read from /proc, and the
 * client's own CPU (this benchmark JVM: the harness, the driver, GC) as % of one core and as
 * microseconds per row acknowledged. They sit beside the score in JMH's JSON as secondary metrics
 * (server.cpu, server.cpuKernel: its share spent in the kernel, server.rss, server.diskWrite,
 * server.cpuPerRow, client.cpu, client.cpuPerRow, client.rss: the benchmark JVM's peak resident
 * memory): on 2 cores every cycle the client spends is
 * taken from the server it measures. Its option is the
 * server's pids, comma-separated ({@code -prof ...ServerResourceProfiler:123,456}); with none
 * (a remote server) only the client is measured.
 */
public final class ServerResourceProfiler implements InternalProfiler {

    private static final long RSS_SAMPLE_MILLIS = 100;

    private final List<Long> pids;
    private ScheduledExecutorService sampler;
    private ServerProcesses.Sample start;
    private long clientCpuStartNanos;
    private final AtomicLong peakRss = new AtomicLong();
    private final AtomicLong peakClientRss = new AtomicLong();
    private final List<Long> self = List.of(ProcessHandle.current().pid());

    public ServerResourceProfiler(String pids) {
        this.pids = pids == null ? List.of()
                : Arrays.stream(pids.split(",")).map(String::trim).filter(s -> !s.isEmpty()).map(Long::parseLong).toList();
    }

    public ServerResourceProfiler() {
        this(null);
    }

    @Override
    public String getDescription() {
        return "Database server CPU %, peak RSS and storage writes, and the client's own CPU, per iteration";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        clientCpuStartNanos = ServerProcesses.ownCpuNanos();
        start = ServerProcesses.sample(pids);
        peakRss.set(start.rssBytes());
        peakClientRss.set(ServerProcesses.sample(self).rssBytes());
        // RSS is a level, not a counter: sampled while the iteration runs, the peak is kept.
        sampler = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "server-resource-sampler");
            t.setDaemon(true);
            return t;
        });
        sampler.scheduleAtFixedRate(() -> {
            peakRss.accumulateAndGet(ServerProcesses.sample(pids).rssBytes(), Math::max);
            peakClientRss.accumulateAndGet(ServerProcesses.sample(self).rssBytes(), Math::max);
        }, RSS_SAMPLE_MILLIS, RSS_SAMPLE_MILLIS, TimeUnit.MILLISECONDS);
    }

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
                                                       IterationResult result) {
        sampler.shutdownNow();
        ServerProcesses.Sample end = ServerProcesses.sample(pids);
        double clientCpuSeconds = (ServerProcesses.ownCpuNanos() - clientCpuStartNanos) / 1e9;
        double seconds = (end.nanoTime() - start.nanoTime()) / 1e9;
        double rows = rowsAcknowledged(result) * seconds;
        List<Result> out = new ArrayList<>();
        out.add(new ScalarResult("client.cpu", 100 * clientCpuSeconds / seconds, "%", AggregationPolicy.AVG));
        if (rows > 0) out.add(new ScalarResult("client.cpuPerRow", 1e6 * clientCpuSeconds / rows, "us/row", AggregationPolicy.AVG));
        long clientRss = Math.max(peakClientRss.get(), ServerProcesses.sample(self).rssBytes());
        if (clientRss > 0) out.add(new ScalarResult("client.rss", clientRss / 1048576.0, "MB", AggregationPolicy.MAX));
        if (pids.isEmpty()) return out;
        long ticks = end.cpuTicks() - start.cpuTicks();
        double serverCpuSeconds = ticks / ServerProcesses.TICKS_PER_SECOND;
        out.add(new ScalarResult("server.cpu", 100 * serverCpuSeconds / seconds, "%", AggregationPolicy.AVG));
        if (rows > 0) out.add(new ScalarResult("server.cpuPerRow", 1e6 * serverCpuSeconds / rows, "us/row", AggregationPolicy.AVG));
        // A server busy in the kernel is busy with the file system (or the network), not with the database's own work.
        if (ticks > 0) out.add(new ScalarResult("server.cpuKernel", 100.0 * (end.kernelTicks() - start.kernelTicks()) / ticks, "%",
                AggregationPolicy.AVG));
        out.add(new ScalarResult("server.rss", Math.max(peakRss.get(), end.rssBytes()) / 1048576.0, "MB", AggregationPolicy.MAX));
        if (start.writeBytes() >= 0 && end.writeBytes() >= 0) {
            out.add(new ScalarResult("server.diskWrite", (end.writeBytes() - start.writeBytes()) / 1048576.0 / seconds,
                    "MB/s", AggregationPolicy.AVG));
        }
        return out;
    }

    /**
     * Rows acknowledged per second in the iteration: the write test's rowsAcked counter, else its score (rows/s);
     * 0 for an iteration in which no operation completed (JMH's own getters throw on one).
     */
    static double rowsAcknowledged(IterationResult result) {
        if (result == null || result.getRawPrimaryResults().isEmpty()) return 0;
        Result<?> acked = result.getSecondaryResults().get("rowsAcked");
        Result<?> score = acked != null ? acked : result.getPrimaryResult();
        return score == null || !"ops/s".equals(score.getScoreUnit()) ? 0 : score.getScore();
    }
}
