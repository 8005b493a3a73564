package org.tsdbbench.common.devops;

import org.tsdbbench.common.workload.TimeRangeFlags;
import org.tsdbbench.results.StepFlags;
import picocli.CommandLine.Option;

/**
 * The flags that name a cpu-only data set as TSBS's generator does, for the steps and the generator:
 * {@code -scale} hosts, the time range ({@code -start} with {@code -end} or {@code -hours}) and the seed.
 */
public final class CpuSpecOptions {

    @Option(names = {StepFlags.SCALE, "--scale"}, paramLabel = "HOSTS", description = "Hosts, host_0 .. host_<N-1>, as TSBS's --scale (default: 10).")
    Integer hosts;

    @Option(names = {"-start", "--start"}, paramLabel = "TIME", description = "First row's time, RFC 3339 (default: 2016-01-01T00:00:00Z).")
    String start;

    @Option(names = {"-end", "--end"}, paramLabel = "TIME", description = "End of the time range, exclusive, RFC 3339 (default: the start plus 13 h).")
    String end;

    @Option(names = {StepFlags.HOURS, "--hours"}, paramLabel = "H", description = "Length of the time range in hours, instead of -end.")
    Double hours;

    @Option(names = {"-seed", "--seed"}, description = "Seed that decides every value and the queries' parameters (default: " + DevopsSpec.DEFAULT_SEED + ").")
    Long seed;

    /** The first flag given that decides the hosts or the time range (a file decides them itself); null when none. */
    String firstRangeFlag() {
        if (hosts != null) return StepFlags.SCALE;
        if (start != null) return "-start";
        if (end != null) return "-end";
        if (hours != null) return StepFlags.HOURS;
        return null;
    }

    long seed() {
        return seed != null ? seed : DevopsSpec.DEFAULT_SEED;
    }

    /** The data set the flags name; a bad value is an IllegalArgumentException naming flag and value. */
    DevopsSpec spec() {
        DevopsSpec base = DevopsSpec.defaults();
        if (hosts != null && (hosts < 1 || hosts > DevopsSpec.MAX_HOSTS)) throw new IllegalArgumentException("-scale " + hosts + ": must be 1.." + DevopsSpec.MAX_HOSTS);
        long[] range = TimeRangeFlags.range(start, end, hours, base.startNs(), base.endNs());
        long startNs = range[0];
        long endNs = range[1];
        try {
            return new DevopsSpec(hosts != null ? hosts : base.hosts(), startNs, endNs, base.intervalNs(), seed());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException((start != null ? "-start " + start + " " : "") + (end != null ? "-end " + end : hours != null ? "-hours " + hours : "")
                    + ": " + e.getMessage(), e);
        }
    }
}
