package org.tsdbbench.common.iot;

import org.tsdbbench.common.workload.TimeRangeFlags;
import picocli.CommandLine.Option;
import org.tsdbbench.results.StepFlags;

/**
 * The flags that name an IoT data set as TSBS's generator does, for the steps and the generator:
 * report C's scenario ({@code -scale iot-1} .. {@code iot-5}) or the default small one, and any of
 * its parts given on their own (trucks, start, end or hours, seed) in place of the scenario's.
 */
public final class IotSpecOptions {

    @Option(names = {StepFlags.SCALE, "--scale"}, paramLabel = "NAME",
            description = "Report C's scenario: iot-1 (100 trucks, 1 month) .. iot-5 (10,000,000 trucks, 3 minutes) (default: 20 trucks x 36 h).")
    String scale;

    @Option(names = {StepFlags.TRUCKS, "--trucks"}, paramLabel = "N", description = "Trucks, truck_0 .. truck_<N-1> (default: the scale's, else 20).")
    Integer trucks;

    @Option(names = {"-start", "--start"}, paramLabel = "TIME", description = "First record's time, RFC 3339 (default: the scale's, else 2016-01-01T00:00:00Z).")
    String start;

    @Option(names = {"-end", "--end"}, paramLabel = "TIME", description = "End of the time range, exclusive, RFC 3339 (default: the start plus the scale's length, else 36 h).")
    String end;

    @Option(names = {StepFlags.HOURS, "--hours"}, paramLabel = "H", description = "Length of the time range in hours, instead of -end (e.g. 0.05 for 3 minutes).")
    Double hours;

    @Option(names = {"-seed", "--seed"}, description = "Seed that decides every value and the queries' parameters (default: " + IotSpec.DEFAULT_SEED + ").")
    Long seed;

    /** Whether a flag that decides the trucks or the time range was given (a file decides them itself). */
    String firstRangeFlag() {
        if (scale != null) return StepFlags.SCALE;
        if (trucks != null) return StepFlags.TRUCKS;
        if (start != null) return "-start";
        if (end != null) return "-end";
        if (hours != null) return StepFlags.HOURS;
        return null;
    }

    /** The seed given, else the default. */
    long seed() {
        return seed != null ? seed : IotSpec.DEFAULT_SEED;
    }

    /** The data set the flags name; a bad value is an IllegalArgumentException naming flag and value. */
    IotSpec spec() {
        IotSpec base = scale == null ? IotSpec.defaults() : scenario().spec();
        if (trucks != null && (trucks < 1 || trucks > IotSpec.MAX_TRUCKS)) {
            throw new IllegalArgumentException("-trucks " + trucks + ": must be 1.." + IotSpec.MAX_TRUCKS);
        }
        long[] range = TimeRangeFlags.range(start, end, hours, base.startNs(), base.endNs());
        long startNs = range[0];
        long endNs = range[1];
        try {
            return new IotSpec(trucks != null ? trucks : base.trucks(), startNs, endNs, base.intervalNs(), seed != null ? seed : base.seed());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(rangeFlags() + ": " + e.getMessage(), e);
        }
    }

    private IotScenario scenario() {
        try {
            return IotScenario.named(scale);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("-scale " + scale + ": not a scenario of report C (iot-1 .. iot-5)", e);
        }
    }

    private String rangeFlags() {
        StringBuilder s = new StringBuilder();
        if (scale != null) s.append("-scale ").append(scale).append(' ');
        if (trucks != null) s.append("-trucks ").append(trucks).append(' ');
        if (start != null) s.append("-start ").append(start).append(' ');
        if (end != null) s.append("-end ").append(end).append(' ');
        if (hours != null) s.append("-hours ").append(hours).append(' ');
        return s.length() == 0 ? "the default IoT data set" : s.toString().strip();
    }

    /** The scenario's name when the spec is one of report C's, else null. */
    static String scaleOf(IotSpec spec) {
        for (IotScenario s : IotScenario.PUBLISHED) if (s.spec().equals(spec)) return s.name();
        return null;
    }
}
