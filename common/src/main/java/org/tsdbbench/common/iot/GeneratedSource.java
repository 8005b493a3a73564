package org.tsdbbench.common.iot;

/**
 * The records of a range of trucks, made by {@link IotGenerator#source}. It walks TSBS's stream
 * over its trucks (per block: tick, table, truck) and emits each record at its position plus its
 * delay, ordered by (emit position, position): a late record waits in a small heap of copied
 * values until the stream reaches its emit position. Every truck's records keep that order in
 * any split, since positions are global.
 *
 * <p>Records without a name are the source's of truck 0, whatever their truck: a database may keep
 * one of two such records of a time ({@link TagModel}), and written by one client in stream order,
 * which one it keeps is known. That source finds them by a scan of each tick and table (one hash a
 * position) and draws their values ({@link TruckWalk#draw}); the others skip theirs.
 */
final class GeneratedSource implements IotRowSource {

    private final IotGenerator generator;
    private final Trucks trucks;
    private final Imperfections imperfections;
    private final IotSpec spec;
    private final int first;
    private final int end;
    private final boolean unbounded;
    /** Whether this source makes every record without a name of the data set (it holds truck 0). */
    private final boolean makesNameless;
    private final NamelessQueue nameless = new NamelessQueue();
    private final long ticksPerPass;
    private final double[] state;
    private final Pending pending = new Pending();
    private TruckBatch own;

    private long pass;
    private int blockFirst;
    private int blockEnd;
    /** Cursor: tick within the pass, table (0 readings, 1 diagnostics), truck offset in the block. */
    private long tick;
    private int table;
    private int offset;
    /** The cursor's stream position; Long.MAX_VALUE once the block is done (the heap drains). */
    private long cursor;
    private boolean done;

    GeneratedSource(IotGenerator generator, int first, int end, boolean unbounded) {
        this.generator = generator;
        this.trucks = generator.trucks();
        this.imperfections = generator.imperfections();
        this.spec = generator.spec();
        this.first = first;
        this.end = end;
        this.unbounded = unbounded;
        this.makesNameless = first == 0 && end > first;
        this.ticksPerPass = spec.ticks();
        this.state = new double[Math.min(end - first, generator.blockSize()) * TruckWalk.SIZE];
        done = first == end;
        if (!done) startBlock(0, first);
    }

    @Override
    public Trucks trucks() {
        return trucks;
    }

    private void startBlock(long newPass, int from) {
        pass = newPass;
        blockFirst = from;
        blockEnd = (int) Math.min(end, (long) from + generator.blockSize());
        tick = 0;
        table = 0;
        offset = 0;
        cursor = imperfections.position(pass * ticksPerPass, 0, blockFirst);
        scanNameless();
    }

    /**
     * At the start of a tick and table of its first block, the source that makes the records without
     * a name queues those of every truck at that tick and table (each at its position plus delay).
     */
    private void scanNameless() {
        if (!makesNameless || blockFirst != first) return;
        long absoluteTick = pass * ticksPerPass + tick;
        IotTable t = table == 0 ? IotTable.READINGS : IotTable.DIAGNOSTICS;
        long from = imperfections.position(absoluteTick, table, 0);
        for (int truck = 0; truck < spec.trucks(); truck++) {
            if (!imperfections.nameless(from + truck)) continue;
            long fate = imperfections.fate(absoluteTick, t, truck);
            if (Imperfections.missing(fate)) continue;
            pending.pushDrawn(from + truck + Imperfections.delay(fate), from + truck, t, spec.timestamp(absoluteTick), truck, fate,
                    generator.drawKey(from + truck));
        }
    }

    private static final byte NAME = (byte) IotTag.NAME.ordinal();

    @Override
    public TruckBatch next(int records) {
        own = TruckBatch.atLeast(own, trucks, records);
        fill(own, records);
        return own;
    }

    @Override
    public int fill(TruckBatch batch, int records) {
        batch.clear();
        int want = Math.min(records, batch.capacity());
        nameless.drainInto(batch, want);
        while (batch.size() < want) {
            if (!pending.isEmpty() && pending.topEmit() <= cursor) {
                pending.pop(batch, nameless);
            } else if (cursor != Long.MAX_VALUE) {
                step(batch);
            } else if (!nextBlock()) {
                break;
            }
        }
        return batch.size();
    }

    /** After a block (heap drained): the next block, or the next pass when unbounded; false at the end. */
    private boolean nextBlock() {
        if (done) return false;
        // The records without a name still waiting go out before the next pass (its times are later).
        if (!nameless.isEmpty()) return false;
        if (blockEnd < end) {
            startBlock(pass, blockEnd);
        } else if (unbounded) {
            startBlock(pass + 1, first);
        } else {
            done = true;
            return false;
        }
        return true;
    }

    /** Makes the record at the cursor (emitted, held back, or dropped) and moves the cursor on. */
    private void step(TruckBatch batch) {
        int truck = blockFirst + offset;
        int o = offset * TruckWalk.SIZE;
        IotTable t = table == 0 ? IotTable.READINGS : IotTable.DIAGNOSTICS;
        if (table == 0) {
            long key = generator.walkKey(truck, pass);
            if (tick == 0) TruckWalk.start(state, o, key);
            else TruckWalk.advance(state, o, key, tick);
        }
        long absoluteTick = pass * ticksPerPass + tick;
        long fate = imperfections.fate(absoluteTick, t, truck);
        if (!Imperfections.missing(fate) && Imperfections.nullTag(fate) != NAME) {
            long ts = spec.timestamp(absoluteTick);
            int delay = Imperfections.delay(fate);
            if (delay == 0) {
                int row = batch.add(t, ts, truck, Imperfections.nullTag(fate));
                TableRows rows = batch.rows(t);
                TruckWalk.emit(state, o, t, rows.field, row);
                int nf = Imperfections.nullField(fate);
                if (nf >= 0) rows.field[nf][row] = Double.NaN;
            } else {
                pending.push(cursor + delay, cursor, t, ts, truck, fate, state, o);
            }
        }
        advanceCursor();
    }

    private void advanceCursor() {
        if (++offset == blockEnd - blockFirst) {
            offset = 0;
            if (++table == 2) {
                table = 0;
                if (++tick == ticksPerPass) {
                    cursor = Long.MAX_VALUE;
                    return;
                }
            }
        }
        cursor = imperfections.position(pass * ticksPerPass + tick, table, blockFirst + offset);
        if (offset == 0) scanNameless();
    }

    /** Late records with their values, as a binary heap on (emit position, position) in primitive arrays. */
    private static final class Pending {
        private int size;
        private long[] emit = new long[128];
        private long[] position = new long[128];
        private long[] ts = new long[128];
        private int[] truck = new int[128];
        private byte[] table = new byte[128];
        private byte[] nullTag = new byte[128];
        private double[][] values = new double[IotTable.MAX_FIELDS][128];
        private final double[][] scratch = new double[IotTable.MAX_FIELDS][1];
        private final double[] first = new double[IotTable.MAX_FIELDS];

        boolean isEmpty() {
            return size == 0;
        }

        long topEmit() {
            return emit[0];
        }

        void push(long emitAt, long pos, IotTable t, long time, int truckIndex, long fate, double[] state, int o) {
            TruckWalk.emit(state, o, t, scratch, 0);
            insert(emitAt, pos, t, time, truckIndex, fate);
        }

        /** A record without a name: its values drawn from {@code key} instead of its truck's walk. */
        void pushDrawn(long emitAt, long pos, IotTable t, long time, int truckIndex, long fate, long key) {
            TruckWalk.draw(key, t, scratch, 0);
            insert(emitAt, pos, t, time, truckIndex, fate);
        }

        private void insert(long emitAt, long pos, IotTable t, long time, int truckIndex, long fate) {
            if (size == emit.length) grow();
            int nf = Imperfections.nullField(fate);
            if (nf >= 0) scratch[nf][0] = Double.NaN;
            int i = size++;
            // Sift up, moving parents down into the hole.
            while (i > 0) {
                int parent = (i - 1) >>> 1;
                if (!before(emitAt, pos, emit[parent], position[parent])) break;
                move(parent, i);
                i = parent;
            }
            emit[i] = emitAt;
            position[i] = pos;
            ts[i] = time;
            truck[i] = truckIndex;
            table[i] = (byte) t.ordinal();
            nullTag[i] = Imperfections.nullTag(fate);
            for (int f = 0; f < t.fieldCount(); f++) values[f][i] = scratch[f][0];
        }

        /** Moves the first record into the batch, a record without a name through the queue (it may wait there). */
        void pop(TruckBatch batch, NamelessQueue nameless) {
            IotTable t = table[0] == 0 ? IotTable.READINGS : IotTable.DIAGNOSTICS;
            if (nullTag[0] == NAME) {
                nameless.offer(batch, t, ts[0], truck[0], column(t));
            } else {
                int row = batch.add(t, ts[0], truck[0], nullTag[0]);
                double[][] field = batch.rows(t).field;
                for (int f = 0; f < t.fieldCount(); f++) field[f][row] = values[f][0];
            }
            size--;
            if (size == 0) return;
            // Sift the last entry down from the root.
            int last = size;
            int i = 0;
            while (true) {
                int child = 2 * i + 1;
                if (child >= size) break;
                if (child + 1 < size && before(emit[child + 1], position[child + 1], emit[child], position[child])) child++;
                if (!before(emit[child], position[child], emit[last], position[last])) break;
                move(child, i);
                i = child;
            }
            move(last, i);
        }

        /** The first record's fields as one array (the queue copies them). */
        private double[] column(IotTable t) {
            for (int f = 0; f < t.fieldCount(); f++) first[f] = values[f][0];
            return first;
        }

        private static boolean before(long e1, long p1, long e2, long p2) {
            return e1 < e2 || (e1 == e2 && p1 < p2);
        }

        private void move(int from, int to) {
            emit[to] = emit[from];
            position[to] = position[from];
            ts[to] = ts[from];
            truck[to] = truck[from];
            table[to] = table[from];
            nullTag[to] = nullTag[from];
            for (double[] v : values) v[to] = v[from];
        }

        private void grow() {
            int n = emit.length * 2;
            emit = java.util.Arrays.copyOf(emit, n);
            position = java.util.Arrays.copyOf(position, n);
            ts = java.util.Arrays.copyOf(ts, n);
            truck = java.util.Arrays.copyOf(truck, n);
            table = java.util.Arrays.copyOf(table, n);
            nullTag = java.util.Arrays.copyOf(nullTag, n);
            for (int f = 0; f < values.length; f++) values[f] = java.util.Arrays.copyOf(values[f], n);
        }
    }
}
