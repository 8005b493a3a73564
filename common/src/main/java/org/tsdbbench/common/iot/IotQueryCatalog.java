package org.tsdbbench.common.iot;

import org.tsdbbench.common.workload.Mix;
import java.util.ArrayList;
import java.util.List;

/**
 * The IoT queries of a data set with their parameters drawn from a seed, as TSBS's query generator
 * draws them: a fleet uniformly among the data set's, a window uniformly within its time range (its
 * start half a log interval past a record's time, see {@link IotQueryType}). A window longer than
 * the data set leaves its query out, as TSBS's generator refuses it ({@link #absent}).
 */
public final class IotQueryCatalog {

    private IotQueryCatalog() {
    }

    /** Fleets of generated trucks, in TSBS's order. */
    public static List<String> generatedFleets() {
        return GeneratedTrucks.FLEETS;
    }

    /**
     * Up to {@code perType} queries of every type the data set allows (a parameterless type once; a
     * draw that repeats an earlier query is left out), in {@link IotQueryType} order; the same seed
     * gives the same queries.
     */
    public static List<IotQuery> draw(IotSpec spec, List<String> fleets, long seed, int perType) {
        if (fleets.isEmpty()) throw new IllegalArgumentException("a data set without fleets has no fleet to draw");
        if (perType < 1) throw new IllegalArgumentException("queries per type must be at least 1, got " + perType);
        java.util.Set<IotQuery> out = new java.util.LinkedHashSet<>();
        long salt = Mix.mix(seed ^ 0x0CA7_A109L);
        for (IotQueryType type : IotQueryType.values()) {
            if (absent(spec, type)) continue;
            int n = type.hasFleet() || type.window() != null ? perType : 1;
            for (int i = 0; i < n; i++) {
                long h = Mix.mix(salt + (type.ordinal() * 1_000_003L + i) * Mix.GAMMA);
                String fleet = type.hasFleet() ? fleets.get((int) Long.remainderUnsigned(h, fleets.size())) : null;
                if (type.window() == null) {
                    out.add(new IotQuery(type, fleet, 0));
                } else {
                    long starts = windowStarts(spec, type);
                    long k = Long.remainderUnsigned(Mix.mix(h), starts);
                    long startNs = spec.startNs() + k * spec.intervalNs() + spec.intervalNs() / 2;
                    out.add(IotQuery.window(type, fleet, Math.floorDiv(startNs, 1_000_000L)));
                }
            }
        }
        return new ArrayList<>(out);
    }

    /** Whether the data set is too short for the type's window. */
    public static boolean absent(IotSpec spec, IotQueryType type) {
        return type.window() != null && windowStarts(spec, type) <= 0;
    }

    /** Window starts (one per record time, half an interval later) whose window ends within the data set. */
    private static long windowStarts(IotSpec spec, IotQueryType type) {
        long room = spec.endNs() - type.window().toNanos() - spec.startNs() - spec.intervalNs() / 2;
        return room < 0 ? 0 : room / spec.intervalNs() + 1;
    }
}
