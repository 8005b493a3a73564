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
 * A JMH profiler for the database server's side of a write test: its processes' CPU % (of one
 * core), peak resident memory and storage write rate over each iteration, read from /proc, so they
 * sit beside the score in JMH's JSON as secondary metrics (server.cpu, server.rss, server.diskWrite).
 * Its option is the server's pids, comma-separated: {@code -prof ...ServerResourceProfiler:123,456}.
 */
public final class ServerResourceProfiler implements InternalProfiler {

    private static final long RSS_SAMPLE_MILLIS = 100;

    private final List<Long> pids;
    private ScheduledExecutorService sampler;
    private ServerProcesses.Sample start;
    private final AtomicLong peakRss = new AtomicLong();

    public ServerResourceProfiler(String pids) {
        this.pids = Arrays.stream(pids.split(",")).map(String::trim).filter(s -> !s.isEmpty()).map(Long::parseLong).toList();
        if (this.pids.isEmpty()) throw new IllegalArgumentException("ServerResourceProfiler needs the server's pids, e.g. :1234,5678");
    }

    @Override
    public String getDescription() {
        return "Database server CPU %, peak RSS and storage writes per iteration, from /proc";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        start = ServerProcesses.sample(pids);
        peakRss.set(start.rssBytes());
        // RSS is a level, not a counter: sampled while the iteration runs, the peak is kept.
        sampler = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "server-resource-sampler");
            t.setDaemon(true);
            return t;
        });
        sampler.scheduleAtFixedRate(() -> peakRss.accumulateAndGet(ServerProcesses.sample(pids).rssBytes(), Math::max),
                RSS_SAMPLE_MILLIS, RSS_SAMPLE_MILLIS, TimeUnit.MILLISECONDS);
    }

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
                                                       IterationResult result) {
        sampler.shutdownNow();
        ServerProcesses.Sample end = ServerProcesses.sample(pids);
        double seconds = (end.nanoTime() - start.nanoTime()) / 1e9;
        List<Result> out = new ArrayList<>();
        out.add(new ScalarResult("server.cpu", 100 * (end.cpuTicks() - start.cpuTicks()) / ServerProcesses.TICKS_PER_SECOND / seconds,
                "%", AggregationPolicy.AVG));
        out.add(new ScalarResult("server.rss", Math.max(peakRss.get(), end.rssBytes()) / 1048576.0, "MB", AggregationPolicy.MAX));
        if (start.writeBytes() >= 0 && end.writeBytes() >= 0) {
            out.add(new ScalarResult("server.diskWrite", (end.writeBytes() - start.writeBytes()) / 1048576.0 / seconds,
                    "MB/s", AggregationPolicy.AVG));
        }
        return out;
    }
}
