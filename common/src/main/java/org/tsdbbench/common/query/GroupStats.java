package org.tsdbbench.common.query;

/**
 * Running totals of the rows of one set (a device group, or a group's minute): enough for every
 * aggregate of the catalog exactly (integers in longs) and for the full-read checksum, whose
 * humidity is summed in hundredths (the generator's humidity has two decimals) and whose rows are
 * also summed as {@link RowFingerprint}s. A device group also keeps its earliest and latest instant
 * with the temperatures its rows hold there, q2's first and last.
 */
final class GroupStats {
    long count;
    long sum;
    long sumSquares;
    int min = Integer.MAX_VALUE;
    int max = Integer.MIN_VALUE;
    long sumTs;
    long sumDevid;
    long sumHumidityCenti;
    long fingerprint;
    long firstTs = Long.MAX_VALUE;
    final java.util.TreeSet<Integer> atFirst = new java.util.TreeSet<>();
    long lastTs = Long.MIN_VALUE;
    final java.util.TreeSet<Integer> atLast = new java.util.TreeSet<>();

    void add(int devid, long ts, int temperature, float humidity) {
        addTemperature(temperature);
        if (ts <= firstTs) {
            first(ts);
            atFirst.add(temperature);
        }
        if (ts >= lastTs) {
            last(ts);
            atLast.add(temperature);
        }
        sumTs += ts;
        sumDevid += devid;
        long centi = RowFingerprint.hundredths(humidity);
        sumHumidityCenti += centi;
        fingerprint += RowFingerprint.of(ts, devid, temperature, centi);
    }

    /** The totals of the aggregates only (a minute of q4 needs no checksum). */
    void addTemperature(int temperature) {
        count++;
        sum += temperature;
        sumSquares += (long) temperature * temperature;
        if (temperature < min) min = temperature;
        if (temperature > max) max = temperature;
    }

    void addAll(GroupStats o) {
        count += o.count;
        sum += o.sum;
        sumSquares += o.sumSquares;
        min = Math.min(min, o.min);
        max = Math.max(max, o.max);
        sumTs += o.sumTs;
        sumDevid += o.sumDevid;
        sumHumidityCenti += o.sumHumidityCenti;
        fingerprint += o.fingerprint;
        if (o.count > 0 && o.firstTs <= firstTs) {
            first(o.firstTs);
            atFirst.addAll(o.atFirst);
        }
        if (o.count > 0 && o.lastTs >= lastTs) {
            last(o.lastTs);
            atLast.addAll(o.atLast);
        }
    }

    /** Rows at {@code ts}, no later than {@link #firstTs}, come: the temperatures of a later instant go. */
    private void first(long ts) {
        if (ts < firstTs) {
            firstTs = ts;
            atFirst.clear();
        }
    }

    /** Rows at {@code ts}, no earlier than {@link #lastTs}, come: the temperatures of an earlier instant go. */
    private void last(long ts) {
        if (ts > lastTs) {
            lastTs = ts;
            atLast.clear();
        }
    }

    /** How far a database's value of the aggregate may be from {@link #value}: see {@link Aggregate#tolerance}. */
    double tolerance(Aggregate fn) {
        if (count == 0) return 0;
        return fn.tolerance(count, (double) sum / count, (double) sumSquares / count);
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
