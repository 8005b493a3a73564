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
    final TemperaturesAt first = TemperaturesAt.earliest();
    final TemperaturesAt last = TemperaturesAt.latest();

    void add(int devid, long ts, int temperature, float humidity) {
        addTemperature(temperature);
        first.offer(ts, temperature);
        last.offer(ts, temperature);
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
        first.offerAll(o.first);
        last.offerAll(o.last);
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
