package org.tsdbbench.common.query;

/**
 * Running totals of the rows of one set (a device group, or a group's minute): enough for every
 * aggregate of the catalog exactly (integers in longs) and for the full-read checksum.
 */
final class GroupStats {
    long count;
    long sum;
    long sumSquares;
    int min = Integer.MAX_VALUE;
    int max = Integer.MIN_VALUE;
    long sumTs;
    long sumDevid;
    double sumHumidity;

    void add(int devid, long ts, int temperature, float humidity) {
        count++;
        sum += temperature;
        sumSquares += (long) temperature * temperature;
        if (temperature < min) min = temperature;
        if (temperature > max) max = temperature;
        sumTs += ts;
        sumDevid += devid;
        sumHumidity += humidity;
    }

    void addAll(GroupStats o) {
        count += o.count;
        sum += o.sum;
        sumSquares += o.sumSquares;
        min = Math.min(min, o.min);
        max = Math.max(max, o.max);
        sumTs += o.sumTs;
        sumDevid += o.sumDevid;
        sumHumidity += o.sumHumidity;
    }

    /** The aggregate's value; NaN for anything but COUNT over no rows (SQL's NULL). */
    double value(Aggregate fn) {
        if (count == 0) return fn == Aggregate.COUNT ? 0 : Double.NaN;
        return switch (fn) {
            case COUNT -> count;
            case SUM -> sum;
            case MIN -> min;
            case MAX -> max;
            case SPREAD -> max - min;
            case AVG -> (double) sum / count;
            case STDDEV -> {
                double mean = (double) sum / count;
                yield Math.sqrt(Math.max(0, (double) sumSquares / count - mean * mean));
            }
            case FIRST, LAST, PERCENTILE -> throw new IllegalArgumentException(fn.id() + " needs the rows in order, not totals");
        };
    }
}
