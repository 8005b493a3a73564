package org.tsdbbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * The further tests' figures of one database: concurrent range queries, volume growth block by
 * block, mixed load and fixed-rate writes. Range, volume and mixed come from JMH's JSON
 * ({@code <db>-range.json}, {@code <db>-volume.json}, {@code <db>-mixed.json}, read by
 * {@link FurtherJmh}), else from the manifest's copy of the same figures; fixed-rate cells come from
 * the manifest, which alone holds the latency from each request's intended start and the verdict,
 * else from {@code <db>-fixedrate.json} without them. NaN is a figure that was not measured.
 */
record Further(List<RangeCell> range, List<VolumeBlock> volume, List<MixedRun> mixed, List<FixedRateCell> fixedRate) {

    /** The three runs of the mixed-load test, in the order the reports list them. */
    static final List<String> MIXED_RUNS = List.of("readers alone", "writers + readers", "writers alone");

    Further {
        range = List.copyOf(range);
        volume = List.copyOf(volume);
        mixed = List.copyOf(mixed);
        fixedRate = List.copyOf(fixedRate);
    }

    /** One cell of the range test: all clients' queries per second (with JMH's 99.9% CI) and the latency percentiles. */
    record RangeCell(int clients, int resultRows, double queriesPerSecond, double error, double p50Ms, double p99Ms) {
    }

    /** One block of the volume test: the rows stored before it, how fast it was written and read back. */
    record VolumeBlock(double storedRowsBefore, double writeRowsPerSecond, double writeRequestMillis, double readRowsPerSecond,
                       double readMillis) {
    }

    /** One run of the mixed-load test ({@link #MIXED_RUNS}): the writers' rows/s and latencies, the readers' latencies. */
    record MixedRun(String run, double writeRowsPerSecond, double writeP50Ms, double writeP99Ms, double queryP50Ms, double queryP99Ms) {
    }

    /**
     * One fixed-rate write cell: the target and achieved rows/s, the latency from each request's
     * intended start (NaN when only JMH's JSON was read), whether it kept up (null when unknown) and why it failed.
     */
    record FixedRateCell(int rowsPerRequest, int clients, double targetRowsPerSecond, double achievedRowsPerSecond, double p50Ms,
                         double p99Ms, double maxMs, Boolean keptUp, String failure, String fellBehindBecause) {

        FixedRateCell(int rowsPerRequest, int clients, double targetRowsPerSecond, double achievedRowsPerSecond, double p50Ms,
                      double p99Ms, double maxMs, Boolean keptUp, String failure) {
            this(rowsPerRequest, clients, targetRowsPerSecond, achievedRowsPerSecond, p50Ms, p99Ms, maxMs, keptUp, failure, null);
        }
    }

    static Further empty() {
        return new Further(List.of(), List.of(), List.of(), List.of());
    }

    boolean isEmpty() {
        return range.isEmpty() && volume.isEmpty() && mixed.isEmpty() && fixedRate.isEmpty();
    }

    /** The figures of JMH's entries of each test, each test without JMH entries taken from the manifest (a missing node when none). */
    static Further of(JsonNode manifest, List<JsonNode> range, List<JsonNode> volume, List<JsonNode> mixed, List<JsonNode> fixedRate) {
        List<RangeCell> r = FurtherJmh.range(range);
        List<VolumeBlock> v = FurtherJmh.volume(volume);
        List<MixedRun> m = withManifestRowsPerSecond(FurtherJmh.mixed(mixed), mixedOf(manifest));
        List<FixedRateCell> f = fixedRateOf(manifest);
        return new Further(r.isEmpty() ? rangeOf(manifest) : r, v.isEmpty() ? volumeOf(manifest) : v, m.isEmpty() ? mixedOf(manifest) : m,
                f.isEmpty() ? FurtherJmh.fixedRate(fixedRate) : f);
    }

    private static List<RangeCell> rangeOf(JsonNode manifest) {
        List<RangeCell> out = new ArrayList<>();
        for (JsonNode c : manifest.path("range")) {
            out.add(new RangeCell(c.path("clients").asInt(), c.path("resultRows").asInt(), number(c.path("queriesPerSecond")), Double.NaN,
                    number(c.path("p50Ms")), number(c.path("p99Ms"))));
        }
        return out;
    }

    private static List<VolumeBlock> volumeOf(JsonNode manifest) {
        List<VolumeBlock> out = new ArrayList<>();
        for (JsonNode b : manifest.path("volume")) {
            out.add(new VolumeBlock(number(b.path("storedRowsBefore")), number(b.path("writeRowsPerSecond")), number(b.path("writeRequestMillis")),
                    number(b.path("readRowsPerSecond")), number(b.path("readMillis"))));
        }
        return out;
    }

    /** JMH's latencies with the rows/s the mixed step counted itself (the manifest's), run by run; absent when it has none. */
    private static List<MixedRun> withManifestRowsPerSecond(List<MixedRun> jmh, List<MixedRun> manifest) {
        List<MixedRun> out = new ArrayList<>();
        for (MixedRun r : jmh) {
            double rows = manifest.stream().filter(c -> c.run().equals(r.run())).mapToDouble(MixedRun::writeRowsPerSecond).findFirst().orElse(Double.NaN);
            out.add(new MixedRun(r.run(), rows, r.writeP50Ms(), r.writeP99Ms(), r.queryP50Ms(), r.queryP99Ms()));
        }
        return out;
    }

    private static List<MixedRun> mixedOf(JsonNode manifest) {
        List<MixedRun> out = new ArrayList<>();
        for (JsonNode c : manifest.path("mixed")) {
            out.add(new MixedRun(c.path("run").asText("?"), number(c.path("writeRowsPerSecond")), number(c.path("writeP50Ms")),
                    number(c.path("writeP99Ms")), number(c.path("queryP50Ms")), number(c.path("queryP99Ms"))));
        }
        return out;
    }

    private static List<FixedRateCell> fixedRateOf(JsonNode manifest) {
        List<FixedRateCell> out = new ArrayList<>();
        for (JsonNode c : manifest.path("fixedRate")) {
            JsonNode latency = c.path("latencyFromIntendedStartMs");
            out.add(new FixedRateCell(c.path("rowsPerRequest").asInt(), c.path("clients").asInt(), number(c.path("targetRowsPerSecond")),
                    number(c.path("achievedRowsPerSecond")), number(latency.path("p50")), number(latency.path("p99")), number(latency.path("max")),
                    c.path("keptUp").isBoolean() ? c.get("keptUp").asBoolean() : null, c.hasNonNull("failure") ? c.get("failure").asText() : null,
                    c.hasNonNull("fellBehindBecause") ? c.get("fellBehindBecause").asText() : null));
        }
        return out;
    }

    /** A JSON number, or NaN for anything else (absent, null, JMH's "NaN" string). */
    static double number(JsonNode v) {
        return v.isNumber() ? v.asDouble() : Double.NaN;
    }
}
