package org.tsdbbench.common.devops;

/**
 * The tag values of a block of hosts, {@code [first, first + count)}, in {@link HostTags#KEYS} order:
 * what a {@link CpuBatch}'s host numbers refer to (a line's tags, a sub-table's tags).
 */
public final class Hosts {

    private final int first;
    private final String[][] tags;

    private Hosts(int first, String[][] tags) {
        this.first = first;
        this.tags = tags;
    }

    /** Generated hosts {@code [first, end)} of a seed. */
    static Hosts generated(long seed, int first, int end) {
        String[][] tags = new String[end - first][];
        for (int h = first; h < end; h++) tags[h - first] = HostTags.generated(seed, h);
        return new Hosts(first, tags);
    }

    /** Hosts {@code 0 ..} of a file, as read (a host never seen has no tags: null). */
    static Hosts of(String[][] tags) {
        return new Hosts(0, tags.clone());
    }

    /** Host {@code host}'s tag values, hostname first; not to be changed. */
    public String[] tags(int host) {
        return tags[host - first];
    }

    /** Host {@code host}'s name. */
    public String name(int host) {
        return tags[host - first][0];
    }

    /** The first host number and one past the last. */
    public int first() {
        return first;
    }

    public int end() {
        return first + tags.length;
    }
}
