package org.tsdbbench.common.data;

/**
 * Which part of the data set one client process writes when N processes (on N machines) write it
 * together: shard {@code index} of {@code count}, 0-based. Shards own disjoint blocks of whole
 * devices (or whole files) that together cover the data set, so no coordinator is needed.
 */
public record Shard(int index, int count) {

    /** The whole data set: one process. */
    public static final Shard WHOLE = new Shard(0, 1);

    public Shard {
        if (count < 1 || index < 0 || index >= count) throw new IllegalArgumentException(index + "/" + count + ": need 0 <= i < N");
    }

    /** Parses {@code i/N}, e.g. {@code 0/3}; a bad text is an IllegalArgumentException naming it. */
    public static Shard parse(String text) {
        String[] parts = text.strip().split("/", -1);
        try {
            if (parts.length != 2) throw new NumberFormatException();
            return new Shard(Integer.parseInt(parts[0].strip()), Integer.parseInt(parts[1].strip()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(text + ": not i/N (e.g. 0/3)");
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(text + ": need 0 <= i < N");
        }
    }

    /**
     * Part {@code index} of {@code parts} of {@code n} things numbered from {@code offset}, as
     * {@code [first, end)}: contiguous, disjoint, sizes within one (empty when there are more parts than things).
     */
    public static int[] block(int n, int index, int parts, int offset) {
        return new int[] {offset + (int) ((long) n * index / parts), offset + (int) ((long) n * (index + 1) / parts)};
    }

    /** This shard's part of {@code n} things numbered from 0: {@code [first, end)}. */
    public int[] block(int n) {
        return block(n, index, count, 0);
    }

    public boolean whole() {
        return count == 1;
    }

    @Override
    public String toString() {
        return index + "/" + count;
    }
}
