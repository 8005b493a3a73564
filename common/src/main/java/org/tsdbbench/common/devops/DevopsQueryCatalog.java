package org.tsdbbench.common.devops;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.tsdbbench.common.workload.Mix;

/**
 * The DevOps queries of a data set with their parameters drawn from its seed, as TSBS's query
 * generator draws them: hosts a random subset of the data set's, a window uniformly within its time
 * range (its start half a log interval past a row's time). A type whose window is longer than the data
 * set, or which names more hosts than it has, is left out, as TSBS's generator refuses it. Report D's
 * minute-max-first-10 draws nothing: host_0 over the whole data set and over its first two fifths.
 */
public final class DevopsQueryCatalog {

    private DevopsQueryCatalog() {
    }

    /** Up to {@code perType} queries of every type the data set allows (lastpoint once), in {@link DevopsQueryType} order. */
    public static List<DevopsQuery> draw(DevopsSpec spec, int perType) {
        Set<DevopsQuery> out = new LinkedHashSet<>();
        long salt = Mix.mix(spec.seed() ^ 0xDE_7095L);
        for (DevopsQueryType type : DevopsQueryType.values()) {
            if (absent(spec, type)) continue;
            if (type.spanned()) {
                out.addAll(reportDSpans(spec));
                continue;
            }
            int n = type == DevopsQueryType.LASTPOINT ? 1 : perType;
            for (int i = 0; i < n; i++) {
                long h = Mix.mix(salt + (type.ordinal() * 1_000_003L + i) * Mix.GAMMA);
                List<Integer> hosts = hosts(spec.hosts(), type.hosts(), h);
                long startMs = 0;
                if (type.window() != null) {
                    long k = Long.remainderUnsigned(Mix.mix(h ^ 0x5EED), windowStarts(spec, type));
                    startMs = Math.floorDiv(spec.startNs() + k * spec.intervalNs() + spec.intervalNs() / 2, 1_000_000L);
                }
                out.add(new DevopsQuery(type, hosts, startMs));
            }
        }
        return new ArrayList<>(out);
    }

    /**
     * minute-max-first-10 as report D asks it, host_0 from the data set's start: to its end (report D's five
     * months of five) and to two fifths of the way (its first two months), in whole milliseconds.
     */
    static List<DevopsQuery> reportDSpans(DevopsSpec spec) {
        long start = Math.floorDiv(spec.startNs(), 1_000_000L);
        long end = Math.floorDiv(spec.endNs() + 999_999L, 1_000_000L);
        long twoFifths = start + (end - start) * 2 / 5;
        DevopsQueryType type = DevopsQueryType.HOST_MINUTE_MAX_FIRST_10;
        List<DevopsQuery> spans = new ArrayList<>();
        spans.add(new DevopsQuery(type, List.of(0), start, end));
        if (twoFifths > start) spans.add(new DevopsQuery(type, List.of(0), start, twoFifths));
        return spans;
    }

    /** {@code n} distinct host numbers of {@code hosts}, drawn from {@code h}. */
    private static List<Integer> hosts(int hosts, int n, long h) {
        Set<Integer> picked = new LinkedHashSet<>();
        for (long i = 0; picked.size() < n; i++) picked.add((int) Long.remainderUnsigned(Mix.mix(h + i * Mix.GAMMA), hosts));
        return new ArrayList<>(picked);
    }

    /** Whether the data set is too short for the type's window or has too few hosts. */
    public static boolean absent(DevopsSpec spec, DevopsQueryType type) {
        if (type.spanned()) return false;
        return type.hosts() > spec.hosts() || type.window() != null && windowStarts(spec, type) <= 0;
    }

    /** Window starts (one per row time, half an interval later) whose window ends within the data set. */
    private static long windowStarts(DevopsSpec spec, DevopsQueryType type) {
        long room = spec.endNs() - type.window().toNanos() - spec.startNs() - spec.intervalNs() / 2;
        return room < 0 ? 0 : room / spec.intervalNs() + 1;
    }
}
