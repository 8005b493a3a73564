package org.tsdbbench.common.devops;

import java.util.SplittableRandom;
import org.tsdbbench.common.workload.Mix;

/**
 * The {@code cpu} rows of TSBS's cpu-only use case, generated: each host's ten fields are TSBS's
 * clamped random walks (a start uniform in [0, 100), then a N(0, 1) step per interval, held within
 * [0, 100]), written as TSBS writes them, truncated to integers. A host's walks come from its own
 * random stream (a function of the seed and its number), so any block of hosts gives the same rows
 * however the hosts are split among clients; rows come in TSBS's order, epoch by epoch, host by host.
 */
public final class CpuGenerator {

    private final DevopsSpec spec;

    public CpuGenerator(DevopsSpec spec) {
        this.spec = spec;
    }

    /** Hosts {@code [first, end)}, for the data set's epochs or ({@code unbounded}) on past its end. */
    public CpuSource source(int first, int end, boolean unbounded) {
        if (first < 0 || end > spec.hosts() || first > end) throw new IllegalArgumentException("hosts " + first + ".." + end + " of " + spec.hosts());
        return new Walks(spec, first, end, unbounded ? Long.MAX_VALUE : spec.epochs());
    }

    /** Every row of the data set. */
    public CpuSource all() {
        return source(0, spec.hosts(), false);
    }

    private static final class Walks implements CpuSource {
        private final DevopsSpec spec;
        private final int first;
        private final int hosts;
        private final long epochs;
        private final Hosts tags;
        private final SplittableRandom[] random;
        private final double[] state;
        private long epoch;
        private int next;
        private CpuBatch own;

        Walks(DevopsSpec spec, int first, int end, long epochs) {
            this.spec = spec;
            this.first = first;
            this.hosts = end - first;
            this.epochs = hosts == 0 ? 0 : epochs;
            this.tags = Hosts.generated(spec.seed(), first, end);
            this.random = new SplittableRandom[hosts];
            this.state = new double[hosts * CpuBatch.FIELD_COUNT];
            for (int h = 0; h < hosts; h++) {
                random[h] = new SplittableRandom(Mix.mix(Mix.mix(spec.seed() ^ 0xC9_0A11L) + (first + h) * Mix.GAMMA));
                for (int f = 0; f < CpuBatch.FIELD_COUNT; f++) state[h * CpuBatch.FIELD_COUNT + f] = random[h].nextDouble() * 100.0;
            }
        }

        @Override
        public CpuBatch next(int rows) {
            own = CpuBatch.atLeast(own, tags, rows);
            own.clear();
            long time = spec.timestamp(epoch);
            long[] values = own.values();
            while (own.size() < rows && epoch < epochs) {
                int row = own.add(first + next, time);
                int at = next * CpuBatch.FIELD_COUNT;
                int out = row * CpuBatch.FIELD_COUNT;
                for (int f = 0; f < CpuBatch.FIELD_COUNT; f++) values[out + f] = (long) state[at + f];
                if (++next == hosts) {
                    next = 0;
                    epoch++;
                    time = spec.timestamp(epoch);
                    advance();
                }
            }
            return own;
        }

        /** Every walk one step: TSBS ticks all hosts between epochs. */
        private void advance() {
            for (int h = 0; h < hosts; h++) {
                SplittableRandom r = random[h];
                int at = h * CpuBatch.FIELD_COUNT;
                for (int f = 0; f < CpuBatch.FIELD_COUNT; f++) {
                    double s = state[at + f] + r.nextGaussian();
                    state[at + f] = s > 100.0 ? 100.0 : s < 0.0 ? 0.0 : s;
                }
            }
        }
    }
}
