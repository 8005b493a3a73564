package org.tsdbbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.tsdbbench.results.FixedRateRecord;
import org.tsdbbench.results.Manifest;
import org.tsdbbench.results.MixedRunRecord;
import org.tsdbbench.results.RangeCellRecord;
import org.tsdbbench.results.VolumeBlockRecord;
import org.tsdbbench.results.WriteCellRecord;

/**
 * The further tests' figures of one database: concurrent range queries, volume growth block by
 * block, mixed load and fixed-rate writes, as the manifest's sections hold them; for a database
 * without a manifest, what JMH's JSON holds ({@link FurtherJmh}: no mixed rows/s, no fixed-rate
 * latency from the intended start nor verdict). NaN is a figure that was not measured.
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

    /** The figures of each test as the manifest holds them (none without a manifest). */
    static Further of(Manifest manifest) {
        return new Further(rangeOf(manifest), volumeOf(manifest), mixedOf(manifest), fixedRateOf(manifest));
    }

    /** The figures of JMH's entries alone (a database without a manifest): no mixed rows/s, no fixed-rate latency or verdict. */
    static Further ofJmh(List<JsonNode> range, List<JsonNode> volume, List<JsonNode> mixed, List<JsonNode> fixedRate) {
        return new Further(FurtherJmh.range(range), FurtherJmh.volume(volume), FurtherJmh.mixed(mixed), FurtherJmh.fixedRate(fixedRate));
    }

    /** A fixed-rate cell without a verdict (only JMH's figures were kept). */
    private static final FixedRateRecord NO_VERDICT = new FixedRateRecord(null, null, null, null, null);

    /** A list section of the manifest; empty when there is no manifest or no such section. */
    private static <T> List<T> section(Manifest manifest, Function<Manifest, List<T>> section) {
        List<T> list = manifest == null ? null : section.apply(manifest);
        return list == null ? List.of() : list;
    }

    private static List<RangeCell> rangeOf(Manifest manifest) {
        List<RangeCell> out = new ArrayList<>();
        for (RangeCellRecord c : section(manifest, Manifest::range)) {
            out.add(new RangeCell(c.clients(), c.resultRows(), orNaN(c.queriesPerSecond()), orNaN(c.queriesPerSecondError()), orNaN(c.p50Ms()),
                    orNaN(c.p99Ms())));
        }
        return out;
    }

    private static List<VolumeBlock> volumeOf(Manifest manifest) {
        List<VolumeBlock> out = new ArrayList<>();
        for (VolumeBlockRecord b : section(manifest, Manifest::volume)) {
            out.add(new VolumeBlock(orNaN(b.storedRowsBefore()), orNaN(b.writeRowsPerSecond()), orNaN(b.writeRequestMillis()),
                    orNaN(b.readRowsPerSecond()), orNaN(b.readMillis())));
        }
        return out;
    }

    private static List<MixedRun> mixedOf(Manifest manifest) {
        List<MixedRun> out = new ArrayList<>();
        for (MixedRunRecord c : section(manifest, Manifest::mixed)) {
            out.add(new MixedRun(c.run() == null ? "?" : c.run(), orNaN(c.writeRowsPerSecond()), orNaN(c.writeP50Ms()), orNaN(c.writeP99Ms()),
                    orNaN(c.queryP50Ms()), orNaN(c.queryP99Ms())));
        }
        return out;
    }

    private static List<FixedRateCell> fixedRateOf(Manifest manifest) {
        List<FixedRateCell> out = new ArrayList<>();
        for (WriteCellRecord c : section(manifest, Manifest::fixedRate)) {
            FixedRateRecord v = c.fixedRate() == null ? NO_VERDICT : c.fixedRate();
            Map<String, Double> latency = v.latencyFromIntendedStartMs() == null ? Map.of() : v.latencyFromIntendedStartMs();
            out.add(new FixedRateCell(c.rowsPerRequest(), c.clients(), v.targetRowsPerSecond() == null ? Double.NaN : v.targetRowsPerSecond(),
                    orNaN(v.achievedRowsPerSecond()), orNaN(latency.get("p50")), orNaN(latency.get("p99")), orNaN(latency.get("max")), v.keptUp(),
                    c.failure(), v.fellBehindBecause()));
        }
        return out;
    }

    private static double orNaN(Double figure) {
        return RunResults.orNaN(figure);
    }

    /** A JSON number, or NaN for anything else (absent, null, JMH's "NaN" string). */
    static double number(JsonNode v) {
        return v.isNumber() ? v.asDouble() : Double.NaN;
    }
}
