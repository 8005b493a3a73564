package org.tsdbbench.results;

/**
 * A run's time for people, in whole minutes rounded up ("12 min", "1 h 05 min"): the progress lines
 * of the steps and of the orchestrator say their times so far and left this one way.
 */
public final class Minutes {

    private Minutes() {
    }

    /** "12 min" or "1 h 05 min" for {@code seconds}, rounded up to the minute. */
    public static String text(long seconds) {
        long m = (seconds + 59) / 60;
        return m >= 60 ? String.format("%d h %02d min", m / 60, m % 60) : m + " min";
    }
}
